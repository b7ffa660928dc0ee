/**
 * CIF .ALF (additional fixed links): walks, tubes and buses between stations with a time in
 * minutes, e.g. "M=WALK,O=AFK,D=ASI,T=5,S=0001,E=2359,P=4,R=0000001" (O and D are CRS codes).
 * Read as transfers between the two stations; the .FLF file says the same in words.
 */
export interface CifLink {
  mode: string;
  from: string;
  to: string;
  /** Seconds. */
  time: number;
}

/** One ALF line -> a link, or an issue message. */
export function readAlfLine(line: string): CifLink | string {
  const fields = new Map(
    line
      .trim()
      .split(',')
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
  );
  const from = fields.get('O') ?? '';
  const to = fields.get('D') ?? '';
  const minutes = Number(fields.get('T'));
  if (!/^[A-Z]{3}$/.test(from) || !/^[A-Z]{3}$/.test(to) || !Number.isFinite(minutes))
    return `fixed link without an origin, destination and time ('${line.trim().slice(0, 60)}'); skipped`;
  return { mode: fields.get('M') ?? '', from, to, time: minutes * 60 };
}
