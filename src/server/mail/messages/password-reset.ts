/** The password-reset mail in the diner's language: plain text and HTML, in the merchant's colours when one is involved. */
import type { Lang } from '../../domain/lang.ts';
import { escapeHtml } from '../../pages/escape-html.ts';
import { mailButton, mailColours, mailHtml, type MailBrand } from './mail-layout.ts';

/** What the reset mail says. */
export interface PasswordResetInput {
  lang: Lang;
  link: string;
  firstname: string;
  brand: MailBrand;
  validMinutes: number;
}

interface Texts {
  subject: (brand: string) => string;
  greeting: (firstname: string) => string;
  asked: (brand: string) => string;
  open: (minutes: number) => string;
  button: string;
  once: string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: (brand) => `Reset your password – ${brand}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    asked: (brand) => `Someone (probably you) asked to reset the password of the account you use to book with ${brand}.`,
    open: (minutes) => `To choose a new password, open this link within ${minutes} minutes:`,
    button: 'Choose a new password',
    once: 'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
  },
  fr: {
    subject: (brand) => `Réinitialisez votre mot de passe – ${brand}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    asked: (brand) => `Quelqu’un (probablement vous) a demandé à réinitialiser le mot de passe du compte avec lequel vous réservez chez ${brand}.`,
    open: (minutes) => `Pour choisir un nouveau mot de passe, ouvrez ce lien dans les ${minutes} minutes :`,
    button: 'Choisir un nouveau mot de passe',
    once: 'Le lien ne fonctionne qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  es: {
    subject: (brand) => `Restablezca su contraseña – ${brand}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    asked: (brand) => `Alguien (probablemente usted) ha pedido restablecer la contraseña de la cuenta con la que reserva en ${brand}.`,
    open: (minutes) => `Para elegir una contraseña nueva, abra este enlace en los próximos ${minutes} minutos:`,
    button: 'Elegir una contraseña nueva',
    once: 'El enlace solo funciona una vez. Si no lo ha pedido usted, ignore este mensaje: su contraseña no cambia.',
  },
  it: {
    subject: (brand) => `Reimposta la tua password – ${brand}`,
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    asked: (brand) => `Qualcuno (probabilmente tu) ha chiesto di reimpostare la password dell’account con cui prenoti da ${brand}.`,
    open: (minutes) => `Per scegliere una nuova password, apri questo link entro ${minutes} minuti:`,
    button: 'Scegli una nuova password',
    once: 'Il link funziona una sola volta. Se non hai fatto tu la richiesta, ignora questo messaggio: la tua password resta invariata.',
  },
};

/** The reset mail: subject, plain text and HTML. */
export function passwordResetMessage(input: PasswordResetInput): { subject: string; text: string; html: string } {
  const t = texts[input.lang];
  const brand = input.brand.name;
  const colours = mailColours(input.brand);
  const text = [t.greeting(input.firstname), '', t.asked(brand), t.open(input.validMinutes), input.link, '', t.once, '', brand, ''].join('\n');
  const e = escapeHtml;
  const card = [
    `<p style="margin:0 0 12px">${e(t.greeting(input.firstname))}</p>`,
    `<p style="margin:0 0 12px">${e(t.asked(brand))}</p>`,
    `<p style="margin:0 0 20px">${e(t.open(input.validMinutes))}</p>`,
    `<p style="margin:0 0 12px">${mailButton(colours, input.link, t.button)}</p>`,
    `<p style="margin:0 0 12px;font-size:14px;word-break:break-all"><a href="${e(input.link)}" style="color:#1c1917">${e(input.link)}</a></p>`,
    `<p style="margin:0;font-size:14px;color:#57534e">${e(t.once)}</p>`,
  ].join('\n');
  const html = mailHtml({ lang: input.lang, title: t.subject(brand), brand, colours, card });
  return { subject: t.subject(brand), text, html };
}
