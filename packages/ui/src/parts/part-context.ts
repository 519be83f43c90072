import { useContext, type Context } from 'react';

/** The state a component gives its parts (`owner`'s context); a part outside its component is a mistake worth saying so. */
export function usePartContext<T>(context: Context<T | null>, owner: string, part: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`<${owner}.${part}> must be inside <${owner}.Root>`);
  return value;
}
