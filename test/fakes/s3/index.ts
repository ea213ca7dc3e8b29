export { FakeS3, type FakeS3Bucket, type FakeS3Key, type FakeS3Object, type S3RequestRecord, type S3Route } from './server.js';
