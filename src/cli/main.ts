// `dedup-curator` command line. Filled by the foundation issue.
process.stdout.write('dedup-curator\n');
