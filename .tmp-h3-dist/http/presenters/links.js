/** `{sys:{type:'Link', linkType, id}}`, the shape of every reference on the wire. */
export const link = (linkType, id) => ({ sys: { type: 'Link', linkType, id } });
export const userLink = (id) => (id ? link('User', id) : undefined);
