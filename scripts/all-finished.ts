/**
 * Promise.all that waits for every task to finish before it fails: a build's side-by-side steps write into the same
 * folder, and the folder is removed on failure, so one step failing early must not leave another still writing there
 * (its next write would fail on the removal and hide the first error behind an ENOTEMPTY or ENOENT).
 */
export async function allFinished<T extends readonly unknown[]>(tasks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const outcomes = await Promise.allSettled(tasks);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
