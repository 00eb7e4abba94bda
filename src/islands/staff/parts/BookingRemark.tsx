/** A booking's comment (the diner's) or note (the restaurant's), with its label: the card and the other actions' dialog show them alike. */
import { useTranslation } from '../../shared/use-translation.ts';

/** Which remark, and its text (nothing is drawn when empty). */
export interface BookingRemarkProps {
  kind: 'comment' | 'note';
  text: string | null | undefined;
}

/** The remark's paragraph, or nothing. */
export default function BookingRemark({ kind, text }: BookingRemarkProps) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <p className={`staff-${kind}`}>
      <span className="staff-comment-label">{t(`staff.${kind}`)}</span> {text}
    </p>
  );
}
