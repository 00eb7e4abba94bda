/**
 * The tracking page's first view (src/components/TrackingFirstView.astro): its static texts are in the page, and this
 * fills in what the booking decides (status, reference, links, pending hint, illustration) as soon as the first
 * api/booking/get answers, before the island has loaded. The island's own view replaces it (a CSS rule hides it then).
 */
import { readApiAnswer } from '../api/api-client.ts';
import type { GetBookingResponse } from '../../shared/api/booking.ts';
import { mayManageBooking, trackingBackLink } from '../booking/booking-status.ts';
import { mayDinerChange } from '../../shared/booking-states.ts';
import { startFirstBookingRead } from '../api/first-booking-read.ts';
import { manageKeyOf } from '../links/manage-link.ts';
import { setPendingManageKey } from '../platform/storage.ts';
import { bookingHomePath, matchRoute } from '../navigation/routes.ts';
import { safeImageSrc } from '../../shared/safe-url.ts';
import { trackingNotices } from './tracking-notices.ts';

/** Where the page is and when. */
export interface FirstViewContext {
  merchantSlug: string;
  /** document.referrer ('' when none). */
  referrer: string;
  /** The page's own address. */
  here: string;
  nowSeconds: number;
  /** Opened from the diner's manage link: drawn as theirs while the island exchanges the key (it corrects a wrong one). */
  viaManageLink?: boolean;
}

// Puts a copy of the named template into the named slot (empty when there is no such template).
function fill(view: HTMLElement, slot: string, template: string | null): void {
  const target = view.querySelector(`[data-first-slot="${slot}"]`);
  const source = template === null ? null : view.querySelector<HTMLTemplateElement>(`template[data-first-template="${template}"]`);
  target?.replaceChildren(source ? source.content.cloneNode(true) : '');
}

/** Fills the first view from api/booking/get's answer and shows it; a draft (no status yet) is left to the island. */
export function showFirstView(view: HTMLElement, { merchant, booking: read }: GetBookingResponse, context: FirstViewContext): void {
  const { status } = read;
  if (status === null) return;
  // The read went before the manage key became a session: it says canManage false even to the diner's own link.
  const booking = context.viaManageLink ? { ...read, canManage: true } : read;
  const notices = trackingNotices(booking, context.nowSeconds);
  fill(view, 'status', `status-${status}`);
  fill(view, 'hint', notices.pendingHint && `hint-${notices.pendingHint}`);
  for (const slot of view.querySelectorAll('[data-first-ref]')) slot.textContent = booking.ref;
  const part = <T extends HTMLElement>(name: string) => view.querySelector<T>(`[data-first-${name}]`);
  const show = (element: HTMLElement | null, shown: boolean) => element && (element.hidden = !shown);

  const back = part<HTMLAnchorElement>('back');
  const backHref = trackingBackLink(status, { merchantSlug: context.merchantSlug, referrer: context.referrer, merchantUrl: merchant.url, here: context.here });
  show(back, backHref !== null);
  if (back && backHref) back.href = backHref;
  const edit = part<HTMLAnchorElement>('edit');
  // A shared link's reader (canManage false) gets no Edit; neither does the manage link before its key is exchanged.
  show(edit, mayDinerChange(status) && mayManageBooking(booking));
  if (edit) edit.href = bookingHomePath(context.merchantSlug, { token: booking.token });
  show(part('checking'), notices.checking);
  show(part('checking-lead'), !notices.changeAwaitsAnswer);
  show(part('change-awaits'), notices.changeAwaitsAnswer);
  show(part('unavailable'), notices.unavailable);
  const src = notices.illustration ? safeImageSrc(booking.gif?.path) : null;
  const place = part('illustration');
  if (place && src) {
    const image = view.ownerDocument.createElement('img');
    Object.assign(image, { className: 'trk-illustration', alt: '', width: 220, height: 160, src });
    image.setAttribute('fetchpriority', 'high');
    place.replaceWith(image);
  }
  view.hidden = false;
}

/** Takes the first view out of the page: the island shows the booking now. */
export function removeFirstView(): void {
  document.querySelector('[data-first-view]')?.remove();
}

/**
 * On the tracking page, from its boot script: asks for the booking at once, before any island loads, and shows the
 * first view when it answers. Whatever fails is left to the island, which says it.
 */
export function startFirstView(): void {
  const { merchantSlug, token } = matchRoute(location.pathname);
  // The language lang-boot.js chose, which the island starts in too: then it takes this answer over.
  const lang = document.documentElement.dataset.lang;
  if (!merchantSlug || !token || !lang) return;
  // Read now: the island takes the key out of the address as soon as it runs.
  const manageKey = manageKeyOf(location.hash);
  const viaManageLink = manageKey !== null;
  // Its Edit shows before the island has traded the key: the booking home trades it if the diner taps Edit first.
  if (manageKey) setPendingManageKey(token, manageKey);
  const show = async () => {
    const answer = await readApiAnswer<GetBookingResponse>(startFirstBookingRead({ merchantSlug, token, lang }));
    const view = await parsedView();
    if (view) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      showFirstView(view, answer, { merchantSlug, referrer: document.referrer, here: location.href, nowSeconds, viaManageLink });
    }
  };
  show().catch(() => {});
}

// The boot script runs while the page is parsed: the view is whole once the parser has gone past it (to the island).
function parsedView(): Promise<HTMLElement | null> {
  const view = document.querySelector<HTMLElement>('[data-first-view]');
  if (document.readyState !== 'loading' || view?.nextElementSibling) return Promise.resolve(view);
  return new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => resolve(document.querySelector<HTMLElement>('[data-first-view]')), { once: true });
  });
}
