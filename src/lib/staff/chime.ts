/**
 * The short sound of a new pending booking, made with WebAudio (no file). Browsers refuse audio before the page has
 * been touched: armChime() waits for the first tap or key, and playChime() stays silent until then.
 */
let context: AudioContext | null = null;

/** Prepares the sound on the page's first tap or key press (the browser allows audio from then on). */
export function armChime(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = globalThis): void {
  const arm = () => {
    target.removeEventListener('pointerdown', arm);
    target.removeEventListener('keydown', arm);
    try {
      context ??= new AudioContext();
      void context.resume().catch(() => undefined);
    } catch {
      // No WebAudio here: the badge alone tells.
    }
  };
  target.addEventListener('pointerdown', arm);
  target.addEventListener('keydown', arm);
}

/** Whether the page has been touched and a sound can play. */
export function chimeReady(): boolean {
  return context !== null && context.state === 'running';
}

/** Plays two short rising notes; silent before the page was touched. */
export function playChime(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.16, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.32);
  }
}
