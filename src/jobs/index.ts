export { createJobRunner, defaultBackoff, type JobRunner, type JobRunnerOptions } from './job-runner.ts';
export { PermanentJobError, type JobContext, type JobHandler } from './job-handler.ts';
export { announceJobs, onJobsAnnounced } from './job-signal.ts';
