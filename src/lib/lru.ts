/** A bounded map that forgets its least recently used key (a read or a write makes a key the most recent). */
export function lru<V>(capacity: number) {
  const map = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = map.get(key);
      if (value !== undefined) {
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      map.delete(key);
      map.set(key, value);
      if (map.size > capacity) map.delete(map.keys().next().value!);
    },
    delete(key: string): void {
      map.delete(key);
    },
  };
}

export type Lru<V> = ReturnType<typeof lru<V>>;
