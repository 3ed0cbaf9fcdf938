import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** GET /api/health: a cheap liveness answer for load balancers, monitors and the local stack. */
export const handler = async (): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify({ status: 'ok', service: 'mapnest', version: process.env.APP_VERSION ?? 'dev' }),
});
