// How an ended timer is seen and heard (issue 57 item 1): a sound made by Web Audio (three short tones: no file to
// fetch, nothing to cache), a vibration where the phone has one, and a notification where the visitor allowed it.
// The page's polite live region (timer-list.tsx) says it in words. Browsers let a page start sound and ask for
// notifications only after a user gesture, so starting a timer (a click) prepares both.

let audio: AudioContext | undefined;

function context(): AudioContext | undefined {
  try {
    audio ??= new AudioContext();
    void audio.resume().catch(() => undefined);
    return audio;
  } catch {
    return undefined;
  }
}

/** On a user gesture (starting a timer): unlock the sound and ask once whether notifications may be shown. */
export function prepareAlarm(): void {
  context();
  if ('Notification' in window && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}

function beep(ctx: AudioContext): void {
  const start = ctx.currentTime + 0.05;
  for (let i = 0; i < 3; i++) {
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.frequency.value = 880;
    const at = start + i * 0.45;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    tone.connect(gain).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.32);
  }
}

/** Sound, vibration and (where allowed) a notification for the timers that just ended. */
export function ring(labels: readonly string[]): void {
  const ctx = context();
  if (ctx) beep(ctx);
  navigator.vibrate?.([400, 200, 400, 200, 400]);
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const body = labels.join(', ');
  try {
    new Notification('Timern är klar', { body, tag: 'recipe-book-timer' });
  } catch {
    // Android's Chrome shows notifications only through the service worker.
    void navigator.serviceWorker
      ?.getRegistration()
      .then((r) => r?.showNotification('Timern är klar', { body, tag: 'recipe-book-timer' }))
      .catch(() => undefined);
  }
}
