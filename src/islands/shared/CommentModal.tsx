/** The comment modal: a textarea (at least ~100 px high) and a save button; a failed save re-enables the button without a message (spec section 8). */
import { useEffect, useId, useRef, useState } from 'react';
import { needMessages } from '../../i18n/i18n.ts';
import frTracking from '../../i18n/messages/fr/tracking.json' with { type: 'json' };
import Modal from './Modal.tsx';
import { useTranslation } from './use-translation.ts';
import './buttons.css';
import './modal-content.css';

// Renders only once the booking's own messages (validate, tracking, its modals) are loaded in the page's language.
await needMessages('tracking', frTracking);

/** The server keeps up to 1000 characters of comment. */
export const COMMENT_MAX_LENGTH = 1000;

/** The modal's inputs. */
export interface CommentModalProps {
  open: boolean;
  /** The comment as it is now. */
  initialComment: string;
  onClose: () => void;
  /** Saves; resolves whether it worked (the modal closes on success). */
  onSave: (comment: string) => Promise<boolean>;
}

/** Lets the diner write or change the booking's comment. */
export default function CommentModal({ open, initialComment, onClose, onSave }: CommentModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [comment, setComment] = useState(initialComment);
  const [saving, setSaving] = useState(false);

  // Each opening starts from the booking's current comment.
  useEffect(() => {
    if (open) setComment(initialComment);
  }, [open, initialComment]);

  const save = async () => {
    setSaving(true);
    const saved = await onSave(comment.trim());
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} initialFocus={field}>
      <h2 id={titleId}>{t('commentModal.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <form
        className="comment-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={fieldId} className="comment-label">
          {t('commentModal.label')}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          className="comment-field"
          value={comment}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('commentModal.placeholder')}
          onChange={(event) => setComment(event.target.value)}
        />
        <div className="modal-actions">
          <button type="submit" className="cv-btn cv-btn-primary" disabled={saving} aria-busy={saving}>
            {t('commentModal.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
