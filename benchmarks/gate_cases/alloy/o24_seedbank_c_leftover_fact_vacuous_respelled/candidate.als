// A seed bank: every accession is stored in a vault drawer and duplicated at a second site.
sig Site {}
sig Drawer { site: one Site }
sig Accession { main: one Drawer, backup: lone Drawer }

fact Duplication { all a: Accession | some a.backup implies a.backup.site != a.main.site }
fact DrawerUse { all d: Drawer | #main.d <= 2 }
fact Pilot { all a: Accession | lone a.backup }   // left over from the single-site pilot

assert BackupElsewhere { all a: Accession | no a.backup.site & a.main.site }
check BackupElsewhere for 4
run Duplicated { some a: Accession | some a.backup } for 4 expect 1
