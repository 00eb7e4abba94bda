/** Search across days by name, reference or phone; Escape or the clear button goes back to the day. */
import { useId, useState, type FormEvent } from 'react';
import { clearSearch, searchBook } from '../../../stores/staff-book.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** The search form. */
export default function SearchBox() {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void searchBook(q);
  };
  return (
    <form className="staff-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('staff.search.label')}
      </label>
      <input
        id={id}
        className="staff-input"
        type="search"
        value={q}
        placeholder={t('staff.search.placeholder')}
        onChange={(event) => {
          setQ(event.target.value);
          if (event.target.value === '') clearSearch();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setQ('');
            clearSearch();
          }
        }}
      />
      <button type="submit" className="cv-btn cv-btn-secondary">
        {t('staff.search.submit')}
      </button>
    </form>
  );
}
