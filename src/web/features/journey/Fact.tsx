import type { ReactNode } from 'react';

/** One label/value pair of a facts list (`<dl className={classes.facts}>`). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
