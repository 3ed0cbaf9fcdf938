/**
 * Presigned S3 URLs are signed for the endpoint the SDK talks to. In the cloud browsers reach the same
 * endpoint; on the local stack they reach S3 through the gateway (S3_PUBLIC_ENDPOINT, e.g.
 * http://localhost:8080/_s3), whose front checks the signature as if the request had come to the
 * internal endpoint. One rewrite, used for presigned GETs (map documents) and POSTs (uploads).
 */
import { config } from '../lib/config';

/** `url` as the browser must request it: the SDK's internal endpoint replaced by the public one, when they differ. */
export function forBrowser(url: string): string {
  const publicEndpoint = config.s3PublicEndpoint;
  const internal = process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL;
  return publicEndpoint && internal ? url.replace(internal.replace(/\/$/, ''), publicEndpoint.replace(/\/$/, '')) : url;
}
