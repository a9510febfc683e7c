-- Written by hand while the admin console is built in parallel; replaced by one generated migration (docs/decisions/0011).
SELECT 1;
