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
          {/* A drawn clock, not the ⏱ character: a system without an emoji font shows that as an empty box. */}
          <svg className="step-timer-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="M8 5.5V9l2.5 1.5M6 1.5h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>{' '}
          {d.text}
        </button>
      ))}
    </span>
  );
}
