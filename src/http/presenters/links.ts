/** `{sys:{type:'Link', linkType, id}}`, the shape of every reference on the wire. */
export const link = <T extends string>(linkType: T, id: string) => ({ sys: { type: 'Link' as const, linkType, id } });

export const userLink = (id: string | null | undefined) => (id ? link('User', id) : undefined);
