/** Shows the page's offline banner (components/OfflineBanner.astro) while the browser is offline or an API call gets no answer. */
import { watchNetworkStatus } from './network-status.ts';

for (const banner of document.querySelectorAll<HTMLElement>('[data-offline-banner]')) {
  const message = banner.querySelector('p');
  // The live region stays in place; only its content appears, so screen readers announce it.
  watchNetworkStatus((offline) => {
    if (message) message.hidden = !offline;
    banner.classList.toggle('is-offline', offline);
  });
}
