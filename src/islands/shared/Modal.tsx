/** The shared accessible modal: portal over the page (z-index from 1000), focus trapped inside, Escape and the backdrop close it, focus returns to the opener. */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, nextTrapTarget } from './focus-trap.ts';
import './modal.css';

/** The spec's modal z-index base (section 9); a modal opened over another stacks above it. */
export const MODAL_Z_INDEX = 1000;

/** What a modal shows and how it closes. */
export interface ModalProps {
  open: boolean;
  /** Called on Escape, a backdrop click, or a close button inside. */
  onClose: () => void;
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  /** The id of the element that describes it, if any. */
  describedBy?: string;
  /** Where focus goes on opening (default: the first focusable element, else the panel). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'dialog' is centred; 'sheet' rises from the bottom on phones. */
  variant?: 'dialog' | 'sheet';
  className?: string;
  children: ReactNode;
}

// Open modals, innermost last: only the innermost one answers keys, and each stacks above the one below it.
const openStack: HTMLElement[] = [];

/** A modal dialog; renders nothing while closed. */
export default function Modal({ open, onClose, labelledBy, describedBy, initialFocus, variant = 'dialog', className, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(element);
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    // Everything outside the modal is taken out of the focus order and the accessibility tree.
    const container = element.closest('[data-modal-root]');
    const madeInert: Element[] = [];
    for (const sibling of Array.from(body.children)) {
      if (sibling === container || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
    (initialFocus?.current ?? focusableIn(element)[0] ?? element).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== element) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const focusable = focusableIn(element);
        const target = focusable.length === 0 ? element : nextTrapTarget(focusable, document.activeElement, event.shiftKey);
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }
    };
    // Focus that escapes anyway (a click on the browser's own UI, a screen reader) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (openStack[openStack.length - 1] !== element) return;
      if (event.target instanceof Node && !element.contains(event.target)) (focusableIn(element)[0] ?? element).focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      openStack.splice(openStack.indexOf(element), 1);
      for (const sibling of madeInert) sibling.removeAttribute('inert');
      body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open || typeof document === 'undefined') return null;
  const depth = openStack.length;
  return createPortal(
    <div data-modal-root="" className="modal-root" style={{ zIndex: MODAL_Z_INDEX + depth * 10 }}>
      <div
        className="modal-backdrop"
        aria-hidden="true"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['modal-panel', `modal-${variant}`, className].filter(Boolean).join(' ')}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
