// temporary probe (um-speed helper); removed before the report
import { measure } from './load.ts';
const [url, seconds = '5', pid] = process.argv.slice(2);
const f = await measure({ url: url!, headers: { Authorization: 'Bearer bench-admin-token-0123456789abcdef' }, connections: 16, seconds: Number(seconds), warmupSeconds: 2, serverPid: pid ? Number(pid) : undefined });
console.log(JSON.stringify(f));
