export { createJobRunner, defaultBackoff } from "./job-runner.js";
export { PermanentJobError } from "./job-handler.js";
export { announceJobs, onJobsAnnounced } from "./job-signal.js";
export { JOBS_PURGE_JOB, jobPurgeJob, scheduleJobPurge } from "./job-purge.js";
