import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';

/**
 * What a handler takes and gives: API Gateway's HTTP API event (payload format 2.0), as the local
 * gateway builds it too. In a module of its own so that what http.ts builds on (the callers'
 * checks) can name it without importing the stack.
 */
export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;
export type HttpHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;
