import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { whenNeeded } from './when-needed.ts';

/**
 * `children` once the reader comes near this part of the page, the page has been idle for a
 * while, or it is printed (./when-needed.ts); `placeholder` until then. A dashboard's cards below
 * the window render after the ones the reader sees (issue #19), in an interruptible render.
 */
export function WhenNear({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const [near, setNear] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !element.current) return;
    return whenNeeded(element.current, {
      soon: () => startTransition(() => setNear(true)),
      // Printed: rendered before the print layout is made.
      now: () => flushSync(() => setNear(true)),
    });
  }, [near]);
  return near ? children : <div ref={element}>{placeholder}</div>;
}
