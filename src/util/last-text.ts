/**
 * A text test that remembers its last answer. The gates take several tests of one module's text in a
 * row, and some share a scan (a URL test looks for a path segment, and so does the segment test): the
 * scan is taken once per text. Strings are compared by value: cheap when the gates pass the same string.
 */
export function rememberLast(test: (text: string) => boolean): (text: string) => boolean {
  let lastText: string | undefined;
  let lastVerdict = false;
  return (text) => {
    if (text !== lastText) {
      lastVerdict = test(text);
      lastText = text;
    }
    return lastVerdict;
  };
}
