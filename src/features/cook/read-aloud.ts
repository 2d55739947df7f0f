// 'Läs upp' (issue 57 item 3): the browser's own speech synthesis reads a step, or its ingredients, in Swedish
// (lang sv-SE, and a voice whose language is Swedish where the browser has one). Nothing is sent anywhere by the
// page. Where the browser cannot speak, or has no Swedish voice, the cook is told so in plain Swedish.
import { useCallback, useEffect, useState } from 'react';

type Voice = Pick<SpeechSynthesisVoice, 'lang'>;

/** The first voice whose language is Swedish ('sv-SE', 'sv_SE', 'sv'), if any. */
export function swedishVoice<V extends Voice>(voices: readonly V[]): V | undefined {
  return voices.find((v) => /^sv(?:[-_]|$)/iu.test(v.lang));
}

export const NO_SPEECH = 'Den här webbläsaren kan inte läsa upp text.';
export const NO_SWEDISH_VOICE = 'Webbläsaren har ingen svensk röst, så texten läses med den röst den har.';

/** Reads text aloud; `speaking` until it ends or `stop` is called; `note` says what the browser lacks. */
export function useReadAloud(): {
  speaking: boolean;
  note: string;
  read: (text: string) => void;
  stop: () => void;
} {
  const [speaking, setSpeaking] = useState(false);
  const [note, setNote] = useState('');
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

  // Chrome lists its voices only after a first call (and a 'voiceschanged' event): ask early.
  useEffect(() => {
    synth?.getVoices();
    return () => synth?.cancel();
  }, [synth]);

  const read = useCallback(
    (text: string) => {
      if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return setNote(NO_SPEECH);
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'sv-SE';
      const voice = swedishVoice(synth.getVoices());
      if (voice) utterance.voice = voice;
      setNote(voice ? '' : NO_SWEDISH_VOICE);
      utterance.onend = utterance.onerror = () => setSpeaking(false);
      setSpeaking(true);
      synth.speak(utterance);
    },
    [synth],
  );
  const stop = useCallback(() => {
    synth?.cancel();
    setSpeaking(false);
  }, [synth]);
  return { speaking, note, read, stop };
}
