import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { allHandlers } from "./handlers/index.js";
import { authenticate } from "./middleware/authenticate.js";
import { cors } from "./middleware/cors.js";
import { errorHandler } from "./middleware/error-handler.js";
import { requestId } from "./middleware/request-id.js";
import { loadDocument } from "./openapi-documents.js";
import { publicRoutes } from "./public-routes.js";
import { buildRouter } from "./routes.js";
import { fileHosts } from "./file-hosts.js";
import { streamedBody } from "./middleware/streamed-body.js";
import { graphqlEndpoint } from "../graphql/endpoint.js";
import { graphqlExplorer } from "../graphql/explorer.js";
/** The Express application serving every REST API on one port. */
export function createHttpApp(deps) {
    const { config, services, logger } = deps;
    const vendor = config.vendor;
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.set('query parser', 'simple');
    app.use(requestId(`${vendor.headerPrefix}-Request-Id`));
    app.use(cors(vendor));
    app.use(publicRoutes(config));
    if (deps.fileHosts)
        app.use(fileHosts(deps.fileHosts));
    if (deps.storage) {
        app.use(graphqlEndpoint(deps.storage, vendor, { limiter: deps.graphqlRateLimiter }));
        app.use(graphqlExplorer(deps.storage, vendor));
    }
    app.use(express.json({ type: ['application/json', 'application/*+json'], limit: '10mb' }));
    app.use(streamedBody());
    app.use(authenticate(services.identity));
    app.use(deps.rateLimit);
    const management = loadDocument('management', '3.1', vendor);
    app.use(OpenApiValidator.middleware({
        apiSpec: management,
        validateRequests: { allErrors: true },
        validateResponses: config.validateResponses
            ? { onError: (error, _body, req) => deps.onResponseViolation?.(`${req.method} ${req.originalUrl}: ${error.message}`, req) }
            : false,
        validateSecurity: false,
        $refParser: { mode: 'dereference' },
    }));
    const baseUrl = (req) => config.publicBaseUrl ?? `${req.protocol}://${req.get('host')}`;
    app.use(buildRouter([management], allHandlers(services), { vendor, baseUrl }));
    app.use(errorHandler(logger, vendor));
    return app;
}
