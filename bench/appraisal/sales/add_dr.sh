#!/bin/sh
# usage: add_dr.sh domain price year "issue/date" url   (domain-recht newsletter headline rows)
printf '%s\t%s\t%s\tprivate sale (news)\t%s (domain-recht newsletter %s)\n' "$1" "$2" "$3" "$5" "$4" >> sales.tsv
