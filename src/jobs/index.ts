export { createJobRunner, defaultBackoff, type JobRunner, type JobRunnerOptions } from './job-runner.ts';
export { PermanentJobError, type JobContext, type JobHandler } from './job-handler.ts';
export { announceJobs, onJobsAnnounced } from './job-signal.ts';
export { JOBS_PURGE_JOB, jobPurgeJob, scheduleJobPurge, type JobPurgeOptions } from './job-purge.ts';
