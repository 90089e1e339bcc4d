// src/react-query/<func>.ts and <func>.core.ts: the exported hooks (`use*`) and the helpers that make
// the request (`prefetch*`, `build*Query`, `build*Mutation`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { SdkHook } from '../../src/sdk/types.js';
import { compare, isExported, parse } from './syntax.js';

export function readHooks(sdkRoot: string, func: string): SdkHook[] {
  const file = join(sdkRoot, 'src', 'react-query', `${func}.ts`);
  if (!existsSync(file)) return [];
  const F = func[0]?.toUpperCase() + func.slice(1);
  const kinds: Record<string, SdkHook['kind']> = {
    [`use${F}`]: 'query',
    [`use${F}Suspense`]: 'suspense',
    [`use${F}Mutation`]: 'mutation',
    [`prefetch${F}`]: 'prefetch',
    [`build${F}Query`]: 'queryBuilder',
    [`build${F}Mutation`]: 'mutationBuilder',
  };
  // Exports that make no request: keys, cache setters, invalidators.
  const inert = [`queryKey${F}`, `mutationKey${F}`, `set${F}Data`, `invalidate${F}`, `invalidateAll${F}`];
  const hooks: SdkHook[] = [];
  const coreFile = join(sdkRoot, 'src', 'react-query', `${func}.core.ts`);
  const modules: [path: string, core: boolean][] = [
    [file, false],
    [coreFile, true],
  ];
  for (const [path, core] of modules) {
    if (!existsSync(path)) continue;
    for (const statement of parse(path).statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name || !isExported(statement)) continue;
      const name = statement.name.text;
      if (inert.includes(name)) continue;
      const kind = kinds[name];
      if (!kind) throw new Error(`react-query/${func}${core ? '.core' : ''}.ts: unexpected export ${name}`);
      hooks.push(core ? { name, kind, core: true } : { name, kind });
    }
  }
  return hooks.sort((a, b) => compare(a.name, b.name));
}
