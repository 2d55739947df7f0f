// A step's durations as buttons (issue 57 item 1): "Koka i 25 minuter" offers 'Starta timer 25 minuter', which
// starts a timer named by its step ("Steg 3: 25 min"). The same buttons in the list and in the one-step view; the
// timers themselves are the recipe's (cook-timers.ts).
import { formatDuration, stepDurations } from '../../lib/step-durations.ts';
import { prepareAlarm } from './timer-alarm.ts';
import { useTimers } from './cook-timers.ts';

/** The name a step's timer goes by: "Steg 3: 25 min". */
export const timerLabel = (number: number, seconds: number) => `Steg ${number}: ${formatDuration(seconds)}`;

export function StepTimers({ timersKey, number, step }: { timersKey: string; number: number; step: string }) {
  const { start } = useTimers(timersKey);
  const durations = stepDurations(step);
  if (durations.length === 0) return null;
  return (
    <span className="step-timers">
      {durations.map((d) => (
        <button
          key={d.start}
          type="button"
          className="button step-timer"
          aria-label={`Starta timer ${d.text}`}
          onClick={() => {
            prepareAlarm();
            start(timerLabel(number, d.seconds), d.seconds);
          }}
        >
          <span aria-hidden="true">⏱ </span>
          {d.text}
        </button>
      ))}
    </span>
  );
}
