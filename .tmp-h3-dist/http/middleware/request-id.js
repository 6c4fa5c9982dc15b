import { randomUUID } from 'node:crypto';
/** Every response carries `X-<Vendor>-Request-Id`; error bodies repeat it as `requestId`. */
export const requestId = (headerName) => (req, res, next) => {
    req.id = randomUUID().replaceAll('-', '');
    res.setHeader(headerName, req.id);
    next();
};
