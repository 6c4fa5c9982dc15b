/** Delivery API keys and their preview keys. */
export interface ApiKeysRepository {}
