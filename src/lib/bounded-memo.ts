/**
 * A memo for pure results asked for again and again (formatted labels, parsed origins): it forgets
 * everything once it holds `size` entries, so a long-lived page or server never grows it without end.
 */
export function boundedMemo<V>(size: number): (key: string, make: () => V) => V {
  const known = new Map<string, V>();
  return (key, make) => {
    if (known.has(key)) return known.get(key)!;
    if (known.size >= size) known.clear();
    const value = make();
    known.set(key, value);
    return value;
  };
}
