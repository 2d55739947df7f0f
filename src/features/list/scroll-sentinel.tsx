// An empty marker at an end of a paged list: calls onVisible when it comes near the viewport, so the
// neighbouring page loads before the person reaches the end (IntersectionObserver, no scroll handler).
import { useEffect, useRef } from 'react';

export default function ScrollSentinel({ onVisible }: { onVisible: () => void }) {
  const marker = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && callback.current(), {
      rootMargin: '800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={marker} className="scroll-sentinel" aria-hidden="true" />;
}
