/** A yes/no setting as a labelled checkbox, with its error. */

/** What the checkbox shows and reports. */
export interface CheckSettingProps {
  id: string;
  label: string;
  checked: boolean;
  error: string | undefined;
  onChange(checked: boolean): void;
}

/** One checkbox with its label and error. */
export default function CheckSetting({ id, label, checked, error, onChange }: CheckSettingProps) {
  return (
    <div className="sp-field">
      <label className="sp-check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      {error ? <p className="sp-error">{error}</p> : null}
    </div>
  );
}
