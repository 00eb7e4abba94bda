/** The mail an account's owner gets when someone registers again with their email: in their language, signed by the provider. */
import type { Lang } from '../../domain/lang.ts';
import { escapeHtml } from '../../pages/escape-html.ts';
import { mailButton, mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the mail says. */
export interface AccountExistsInput {
  lang: Lang;
  /** The account's own first name (never the one typed into the form: anyone may type anything there). */
  firstname: string;
  brand: MailBrand;
  /** The sign-in page. */
  loginUrl: string;
  /** The forgotten-password page. */
  forgotUrl: string;
}

interface Texts {
  subject: (brand: string) => string;
  greeting: (firstname: string) => string;
  tried: (brand: string) => string;
  already: string;
  login: string;
  forgot: string;
  notYou: string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: (brand) => `You already have an account – ${brand}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    tried: (brand) => `Someone (probably you) tried to create an account with ${brand} using this email address.`,
    already: 'You already have one: no second account was created. Sign in with your password, or choose a new one if you have forgotten it.',
    login: 'Sign in',
    forgot: 'Choose a new password',
    notYou: 'If it was not you, ignore this message: nobody can use your account without your password.',
  },
  fr: {
    subject: (brand) => `Vous avez déjà un compte – ${brand}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    tried: (brand) => `Quelqu’un (probablement vous) a essayé de créer un compte chez ${brand} avec cette adresse email.`,
    already: 'Vous en avez déjà un : aucun second compte n’a été créé. Connectez-vous avec votre mot de passe, ou choisissez-en un nouveau si vous l’avez oublié.',
    login: 'Se connecter',
    forgot: 'Choisir un nouveau mot de passe',
    notYou: 'Si ce n’était pas vous, ignorez ce message : personne ne peut utiliser votre compte sans votre mot de passe.',
  },
  es: {
    subject: (brand) => `Ya tiene una cuenta – ${brand}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    tried: (brand) => `Alguien (probablemente usted) ha intentado crear una cuenta en ${brand} con esta dirección de email.`,
    already: 'Ya tiene una: no se ha creado una segunda cuenta. Inicie sesión con su contraseña o elija una nueva si la ha olvidado.',
    login: 'Iniciar sesión',
    forgot: 'Elegir una contraseña nueva',
    notYou: 'Si no ha sido usted, ignore este mensaje: nadie puede usar su cuenta sin su contraseña.',
  },
  it: {
    subject: (brand) => `Hai già un account – ${brand}`,
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    tried: (brand) => `Qualcuno (probabilmente tu) ha provato a creare un account su ${brand} con questo indirizzo email.`,
    already: 'Ne hai già uno: non è stato creato un secondo account. Accedi con la tua password, o scegline una nuova se l’hai dimenticata.',
    login: 'Accedi',
    forgot: 'Scegli una nuova password',
    notYou: 'Se non sei stato tu, ignora questo messaggio: nessuno può usare il tuo account senza la tua password.',
  },
};

/** The mail: subject, plain text and HTML. */
export function accountExistsMessage(input: AccountExistsInput): { subject: string; text: string; html: string } {
  const t = texts[input.lang];
  const brand = input.brand.name;
  const colours = mailColours(input.brand);
  const text = [
    t.greeting(input.firstname),
    '',
    t.tried(brand),
    t.already,
    '',
    `${t.login}: ${input.loginUrl}`,
    `${t.forgot}: ${input.forgotUrl}`,
    '',
    t.notYou,
    '',
    brand,
    '',
  ].join('\n');
  const e = escapeHtml;
  const card = [
    `<p style="margin:0 0 12px">${e(t.greeting(input.firstname))}</p>`,
    `<p style="margin:0 0 12px">${e(t.tried(brand))}</p>`,
    `<p style="margin:0 0 20px">${e(t.already)}</p>`,
    `<p style="margin:0 0 12px">${mailButton(colours, input.loginUrl, t.login)}${mailButton(colours, input.forgotUrl, t.forgot, { filled: false })}</p>`,
    `<p style="margin:0;font-size:14px;color:#57534e">${e(t.notYou)}</p>`,
  ].join('\n');
  const html = mailHtml({ lang: input.lang, title: t.subject(brand), brand, colours, card });
  return { subject: t.subject(brand), text, html };
}
