/** Moves focus to a form field by id after a failed submit, so the diner lands on what needs fixing. */
export function focusField(id: string | undefined): void {
  if (!id) return;
  // After React has drawn the field's error state.
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
