import { describe, expect, it } from 'vitest';
import { lintWith } from './lint.js';
import { M } from '../projects/messages.js';

/**
 * Angular's `HttpClient`: a request is an observable of the parsed body, handed to `subscribe`,
 * rxjs's `map` and `tap` in `pipe`, and `firstValueFrom`. The client is known by the type Angular's HTTP
 * module gives it (a constructor's parameter property, a typed member, `inject(HttpClient)`).
 */

const SERVICE = `import { HttpClient } from '@angular/common/http';
import { inject } from '@angular/core';
import { firstValueFrom, map, tap } from 'rxjs';
import { HttpClient as LegacyClient } from './legacy-http';

const SEARCH = 'https://acme-be.glean.com/rest/api/v1/search';

export class SearchService {
  private readonly injected = inject(HttpClient);
  constructor(private readonly http: HttpClient, private readonly legacy: LegacyClient) {}

  snippets(query: string) {
    return this.http.post<any>(SEARCH, { query }).pipe(
      tap((r) => console.log(r.results.length)),
      map((r) => r.results[0].snippets[0].snippet),
    );
  }

  async first(query: string) {
    const r = await firstValueFrom(this.injected.post<any>(SEARCH, { query }));
    return r.results[0].snippets[0].snippet;
  }

  watch(query: string) {
    this.http.post<any>(SEARCH, { query }).subscribe((r) => console.log(r.results[0].snippets[0].snippet));
    this.http.post<any>(SEARCH, { query }).subscribe({ next: (r) => console.log(r.results[0].snippets[0].snippet) });
  }

  // Another library's client of the same name: what it answers is not the body.
  other(query: string) {
    return this.legacy.post<any>(SEARCH, { query }).pipe(map((r) => r.results[0].snippets[0].snippet));
  }
}
`;

describe('Angular HttpClient', () => {
  it('the body its observable carries, read in `pipe(map)`, after `firstValueFrom`, in `subscribe` (a function or `{ next }`); another library’s client of the same name is not Angular’s', () => {
    expect(lintWith('no-removed', SERVICE)).toEqual({
      reports: [
        { line: 15, column: 43, message: M.snippet },
        { line: 21, column: 37, message: M.snippet },
        { line: 25, column: 98, message: M.snippet },
        { line: 26, column: 106, message: M.snippet },
      ],
      output: SERVICE.replaceAll('snippets[0].snippet)', 'snippets[0].text)').replace('snippets[0].snippet;', 'snippets[0].text;').replace(
        'map((r) => r.results[0].snippets[0].text));',
        'map((r) => r.results[0].snippets[0].snippet));',
      ),
    });
  });
});
