/** The neutral stand-in for the choosers on the build's render and the first client render (no language-specific text, same height). */

/** Four grey blocks where the choosers and the button will be. */
export default function BookingSkeleton() {
  return (
    <div className="bh bh-skeleton" aria-hidden="true">
      <div className="bh-skeleton-block bh-skeleton-dates" />
      <div className="bh-skeleton-block bh-skeleton-guests" />
      <div className="bh-skeleton-block bh-skeleton-zones" />
      <div className="bh-skeleton-block bh-skeleton-slots" />
      <div className="bh-skeleton-block bh-skeleton-button" />
    </div>
  );
}
