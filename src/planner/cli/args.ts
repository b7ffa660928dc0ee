/** Minimal flag parser: --name value, repeated flags collect, bare --flag is "true". */
export interface Args {
  positional: string[];
  flags: Map<string, string[]>;
}

export function parseArgs(argv: string[], booleans: readonly string[] = []): Args {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? (booleans.includes(name) ? 'true' : argv[++i]);
    if (value === undefined) throw new Error(`--${name} needs a value`);
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { positional, flags };
}

export const flag = (args: Args, name: string): string | undefined => args.flags.get(name)?.at(-1);
