/**
 * What a JSON text streamed so far stands for, best effort (a tool's input while its arguments stream): the text's
 * value when it parses; else the text closed as it stands (an open string, arrays and objects); else cut back to its
 * last complete member or element and closed. Undefined when nothing is recovered. One pass over the text.
 */
export function parsePartialJson(text: string): unknown {
  const parse = (candidate: string) => {
    try {
      return { value: JSON.parse(candidate) as unknown };
    } catch {
      return undefined;
    }
  };
  const whole = parse(text);
  if (whole) return whole.value;
  // What closes the containers open at each point, innermost first, and the last point the text can be cut at.
  let closers = '';
  let inString = false;
  let escaped = false;
  let cut = { at: 0, closers: '' };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      closers = (char === '{' ? '}' : ']') + closers;
      cut = { at: index + 1, closers };
    } else if (char === '}' || char === ']') {
      closers = closers.slice(1);
      cut = { at: index + 1, closers };
    } else if (char === ',') cut = { at: index, closers };
  }
  return (parse(`${text}${inString && !escaped ? '"' : ''}${closers}`) ?? parse(text.slice(0, cut.at) + cut.closers))?.value;
}
