declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}

declare module 's3rver/lib/models/error' {
  /** s3rver's S3 error: the code picks the HTTP status (NoSuchKey 404, PreconditionFailed 412, ...). */
  export default class S3Error extends Error {
    constructor(code: string, message: string, detail?: Record<string, string>);
    readonly code: string;
    readonly status: number;
  }
}
