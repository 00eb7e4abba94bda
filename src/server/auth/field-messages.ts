/** Field messages in the four languages: what register, user/update and the reset page show under a field. */
import type { Lang } from '../domain/lang.ts';
import type { FieldProblem, FieldProblems } from './contact-details.ts';

type Messages = Record<FieldProblem | 'bad_login', string>;

const messages: Record<Lang, Messages> = {
  en: {
    required: 'This field is required.',
    too_long: 'This text is too long.',
    bad_email: 'Invalid email',
    bad_phone: 'Enter a valid phone number in international format, for example +33 6 12 34 56 78.',
    email_taken: 'An account already uses this email.',
    email_locked: 'The email of an account cannot be changed here.',
    password_too_short: 'The password must be at least 8 characters long.',
    password_too_long: 'The password must be at most 256 characters long.',
    password_common: 'This password is too common: choose another one.',
    password_mismatch: 'The two passwords do not match.',
    bad_return_url: 'This return address does not belong to this site.',
    bad_login: 'The password is wrong or the account does not exist.',
  },
  fr: {
    required: 'Ce champ est obligatoire.',
    too_long: 'Ce texte est trop long.',
    bad_email: 'Email invalide',
    bad_phone: 'Saisissez un numéro de téléphone valide au format international, par exemple +33 6 12 34 56 78.',
    email_taken: 'Un compte utilise déjà cet email.',
    email_locked: 'L’email d’un compte ne peut pas être modifié ici.',
    password_too_short: 'Le mot de passe doit contenir au moins 8 caractères.',
    password_too_long: 'Le mot de passe doit contenir au plus 256 caractères.',
    password_common: 'Ce mot de passe est trop courant : choisissez-en un autre.',
    password_mismatch: 'Les deux mots de passe ne correspondent pas.',
    bad_return_url: 'Cette adresse de retour n’appartient pas à ce site.',
    bad_login: 'Le mot de passe est erroné ou le compte n’existe pas.',
  },
  es: {
    required: 'Este campo es obligatorio.',
    too_long: 'Este texto es demasiado largo.',
    bad_email: 'Email no válido',
    bad_phone: 'Introduzca un número de teléfono válido en formato internacional, por ejemplo +34 612 34 56 78.',
    email_taken: 'Ya existe una cuenta con este email.',
    email_locked: 'El email de una cuenta no se puede cambiar aquí.',
    password_too_short: 'La contraseña debe tener al menos 8 caracteres.',
    password_too_long: 'La contraseña debe tener como máximo 256 caracteres.',
    password_common: 'Esta contraseña es demasiado común: elija otra.',
    password_mismatch: 'Las dos contraseñas no coinciden.',
    bad_return_url: 'Esta dirección de retorno no pertenece a este sitio.',
    bad_login: 'La contraseña es incorrecta o la cuenta no existe.',
  },
  it: {
    required: 'Questo campo è obbligatorio.',
    too_long: 'Questo testo è troppo lungo.',
    bad_email: 'Email non valida',
    bad_phone: 'Inserisci un numero di telefono valido in formato internazionale, ad esempio +39 312 345 6789.',
    email_taken: 'Esiste già un account con questa email.',
    email_locked: 'L’email di un account non può essere modificata qui.',
    password_too_short: 'La password deve contenere almeno 8 caratteri.',
    password_too_long: 'La password deve contenere al massimo 256 caratteri.',
    password_common: 'Questa password è troppo comune: scegline un’altra.',
    password_mismatch: 'Le due password non corrispondono.',
    bad_return_url: 'Questo indirizzo di ritorno non appartiene a questo sito.',
    bad_login: 'La password è errata o l’account non esiste.',
  },
};

/** The message for one problem in a language. */
export function fieldMessage(problem: FieldProblem | 'bad_login', lang: Lang): string {
  return messages[lang][problem];
}

/** The `errors` object of a failed call: field name to its messages, in the diner's language. */
export function fieldErrors(problems: FieldProblems, lang: Lang): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).map(([field, list]) => [field, list.map((problem) => fieldMessage(problem, lang))]));
}
