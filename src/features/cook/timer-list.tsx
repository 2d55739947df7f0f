// The running timers of a recipe (issue 57 item 1): each by its step's name with the time left, 'Stoppa' and
// '+1 min'. The time left is counted from each timer's stored end, every second while one runs and at once when
// the page is seen again (a phone's screen slept, the tab was in the background). When a timer ends, it rings
// (timer-alarm.ts) and the polite live region below says so in words; the ended timer stays, marked, until stopped.
import { useEffect, useState } from 'react';
import { formatClock } from '../../lib/step-durations.ts';
import { useTimers } from './cook-timers.ts';
import { ring } from './timer-alarm.ts';

/** Date.now(), again every second while `running`, and whenever the page becomes visible. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const update = () => setNow(Date.now());
    update();
    document.addEventListener('visibilitychange', update);
    const every = running ? window.setInterval(update, 1000) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.clearInterval(every);
    };
  }, [running]);
  return now;
}

/** "Timern Steg 3: 25 min är klar." – or, for several ending at once, "Timrarna Steg 2: 5 min och Steg 3: 25 min är klara." */
export function endedText(labels: readonly string[]): string {
  if (labels.length === 1) return `Timern ${labels[0]} är klar.`;
  return `Timrarna ${labels.slice(0, -1).join(', ')} och ${labels[labels.length - 1]} är klara.`;
}

/** The timers while cook mode is closed: nothing while there are none, else the list, so an end still rings. */
export function RunningTimers({ timersKey }: { timersKey: string }) {
  const { timers } = useTimers(timersKey);
  return timers.length > 0 ? <TimerList timersKey={timersKey} /> : null;
}

export function TimerList({ timersKey }: { timersKey: string }) {
  const { timers, stop, more, rang } = useTimers(timersKey);
  const now = useNow(timers.some((t) => t.endsAt > Date.now() || !t.rang));
  // The words of the last end, with a count: the same words again (a timer given more time that ends again) are
  // a new text node, so the polite region announces them again.
  const [news, setNews] = useState({ text: '', count: 0 });

  useEffect(() => {
    const due = timers.filter((t) => !t.rang && t.endsAt <= now);
    if (due.length === 0) return;
    const labels = due.map((t) => t.label);
    ring(labels);
    setNews((last) => ({ text: endedText(labels), count: last.count + 1 }));
    rang(due.map((t) => t.id));
  }, [timers, now, rang]);

  return (
    <section className="cook-timers" aria-labelledby="cook-timers-heading">
      <h2 id="cook-timers-heading">Timrar</h2>
      {timers.length === 0 ? (
        <p className="notice">Tryck på en tid i ett steg för att starta en timer.</p>
      ) : (
        <ul className="timer-list">
          {timers.map((t) => {
            const ended = t.endsAt <= now;
            return (
              <li key={t.id} className={ended ? 'timer ended' : 'timer'}>
                <span className="timer-label">{t.label}</span>
                <span className="timer-clock">{ended ? 'Klar!' : formatClock((t.endsAt - now) / 1000)}</span>
                <button type="button" className="button" onClick={() => more(t.id, 60)}>
                  +1 min<span className="visually-hidden"> till {t.label}</span>
                </button>
                <button type="button" className="button" onClick={() => stop(t.id)}>
                  Stoppa<span className="visually-hidden"> {t.label}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="timer-news" role="status">
        <span key={news.count}>{news.text}</span>
      </p>
    </section>
  );
}
