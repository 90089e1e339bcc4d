/**
 * What a function of a text gave for the last text it was asked about. The gates take several tests of
 * one module's text in a row, and some share a scan (a URL test looks for a path segment, and so does
 * the segment test): the scan is taken once per text. Strings are compared by value: cheap when the
 * gates pass the same string.
 */
export function rememberLast<T>(compute: (text: string) => T): (text: string) => T {
  let lastText: string | undefined;
  let lastResult: T;
  return (text) => {
    if (text !== lastText) {
      lastResult = compute(text);
      lastText = text;
    }
    return lastResult;
  };
}
