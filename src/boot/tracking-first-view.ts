/** /boot/tracking-first-view.js, loaded async by the tracking page: asks for the booking and shows the first view. */
import { startFirstView } from '../lib/tracking/tracking-first-view.ts';

startFirstView();
