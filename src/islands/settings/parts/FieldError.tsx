/** A field's fault, shown under it and named by its aria-describedby (the text is the server's or the form's, shown as text). */

/** The fault's paragraph, or nothing. */
export default function FieldError(props: { id: string; message: string | undefined }) {
  if (!props.message) return null;
  return (
    <p className="settings-field-error" id={props.id}>
      {props.message}
    </p>
  );
}
