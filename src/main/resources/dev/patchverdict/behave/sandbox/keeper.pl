# The sandbox's keeper: see Keeper.java. Runs in a user and mount namespace of its own, as that
# namespace's root. Arguments: the runner's pid; the numbers of prctl, keyctl, mount and statfs on
# this architecture; the tree; the byte and entry budgets of the tree, /tmp and /dev/shm; the
# deepest nesting it copies; '--'; then bubblewrap's command line. Reports on descriptor 3, one
# line each, starting with 'keeper ', and exits as bubblewrap did.
use strict;
use warnings;
no warnings 'recursion';
use POSIX ();
use Fcntl qw(F_SETFD O_RDONLY O_WRONLY O_CREAT O_EXCL O_NOFOLLOW O_DIRECTORY S_ISDIR S_ISREG S_ISLNK S_ISFIFO);
use Socket qw(AF_UNIX SOCK_STREAM PF_UNSPEC);
use Time::HiRes ();

my ($runner, $prctl, $keyctl, $mount, $statfs, $statx, $utimensat, $tree, $tree_bytes, $tree_entries, $tmp_bytes,
    $tmp_entries, $shm_bytes, $shm_entries, $max_depth, $sep) = splice(@ARGV, 0, 16);
defined $sep && $sep eq '--' && @ARGV or POSIX::_exit(125);
open(my $st, '>&=', 3) or POSIX::_exit(125);
# Perl marks the descriptor close-on-exec; the status wrapper inside the sandbox writes to it too.
fcntl($st, F_SETFD, 0) or POSIX::_exit(125);
select((select($st), $| = 1)[0]);

sub report { print $st 'keeper ', @_, "\n"; }
sub fail { report('error ', @_); POSIX::_exit(125); }
# Its standard streams are the run's: a warning would read as the program's own output.
$SIG{__WARN__} = sub { fail('internal: ', join(' ', @_) =~ s/\n/ /gr); };

# Dies with the runner (a runner that is gone cannot end the run at its timeout), and checks it
# did not die before that was set.
syscall(0 + $prctl, 1, 9, 0, 0, 0) == 0 or fail("cannot tie itself to the runner: $!");
getppid() == $runner or fail('the runner is gone (parent ', getppid(), ', not ', $runner, ')');

# A session keyring of the sandbox's own, empty: nothing of the runner's is possessed inside.
# A kernel without keyrings (ENOSYS) has none to reach.
if (syscall(0 + $keyctl, 1, 0, 0, 0, 0) < 0 && !$!{ENOSYS}) {
    fail("cannot give the sandbox a session keyring of its own: $!");
}

# The tree as the runner left it, kept open: the mounts below hide its path.
sysopen(my $host, $tree, O_RDONLY | O_DIRECTORY | O_NOFOLLOW) or fail("cannot open the tree: $!");

sub tmpfs {
    my ($at, $bytes, $entries) = @_;
    # syscall may write to its string arguments: each one is a variable of its own.
    my ($source, $type, $options) = ('pv-sandbox', 'tmpfs', "size=$bytes,nr_inodes=$entries,mode=0755");
    # MS_NOSUID | MS_NODEV; the kernel counts every byte and inode, named or not.
    syscall(0 + $mount, $source, $at, $type, 6, $options) == 0
        or fail("cannot mount a file system for the sandbox: $!");
}
tmpfs($tree, 65536, 8);
for my $d ('tree', 'tmp', 'shm') {
    mkdir("$tree/$d", 0755) or fail("cannot make a mount point: $!");
}
tmpfs("$tree/tree", $tree_bytes, $tree_entries);
tmpfs("$tree/tmp", $tmp_bytes, $tmp_entries);
tmpfs("$tree/shm", $shm_bytes, $shm_entries);
sysopen(my $box, "$tree/tree", O_RDONLY | O_DIRECTORY | O_NOFOLLOW) or fail("cannot open the tree's file system: $!");

# Whether the tree's file system is full: no block or no inode left.
sub full {
    my ($at, $buf) = ("$tree/tree", "\0" x 256);
    syscall(0 + $statfs, $at, $buf) == 0 or fail("cannot look at the tree's file system: $!");
    my (undef, undef, undef, undef, $avail, undef, $ffree) = unpack('q7', $buf);
    return $avail == 0 || $ffree == 0;
}

# An entry's inode and its access, change and modification times to the nanosecond (Perl's own
# stat has whole seconds), of the entry itself, never a link's target: (ino, atime s, ns, ctime s,
# ns, mtime s, ns), or nothing.
sub stx {
    my ($path) = @_;
    my $buf = "\0" x 256;
    # AT_FDCWD, AT_SYMLINK_NOFOLLOW, STATX_ATIME | STATX_MTIME | STATX_CTIME | STATX_INO.
    syscall(0 + $statx, -100, $path, 0x100, 0x1e0, $buf) == 0 or return ();
    return (unpack('Q', substr($buf, 32, 8)), unpack('q L', substr($buf, 64, 12)), unpack('q L', substr($buf, 96, 12)),
        unpack('q L', substr($buf, 112, 12)));
}

# Sets access and modification times ($x from stx) of the entry itself.
sub set_times {
    my ($path, @x) = @_;
    return 1 unless @x == 7;
    my $ts = pack('q4', $x[1], $x[2], $x[5], $x[6]);
    return syscall(0 + $utimensat, -100, $path, $ts, 0x100) == 0;
}

# Entries are reached through their folder's open descriptor, never by a path from the top: no
# path is longer than a name, and no link on the way is followed.
sub at { return '/proc/self/fd/' . fileno($_[0]) . '/' . $_[1]; }

sub names {
    my ($dir) = @_;
    opendir(my $dh, '/proc/self/fd/' . fileno($dir)) or return;
    my @n = grep { $_ ne '.' && $_ ne '..' } readdir($dh);
    closedir($dh);
    return \@n;
}

# What the copy in made: for each inode on the tree's file system, its change time once copied
# and the inode of the host's entry it came from. An entry the run left with both is unchanged,
# and the host's entry in its place is kept as it is.
my %copied;

# Walks the tree below $from, counting as du does (every entry at least one 4 KiB block, a file
# at its length, each name of a linked file again), and stops once past $budget. With $how
# 'copy' it copies each entry into $to, an empty folder, and notes what it made; with 'sync' it
# makes $to what $from is, copying only what changed since the copy in and removing what is no
# longer there. Returns ('ok', total), ('over', why) or ('error', why).
sub walk {
    my ($from, $to, $budget, $how) = @_;
    my $total = 4096;
    my $top = names($from) // return ('error', "cannot list the tree: $!");
    if ($how eq 'sync') {
        my $e = prune($to, $top);
        return ('error', $e) if defined $e;
    }
    my @stack = ([$from, $to, $top, undef]);
    while (@stack) {
        my $f = $stack[-1];
        my ($s, $d, $list) = @$f;
        if (!@$list) {
            pop @stack;
            if (defined $f->[3] && defined $d) {
                my ($name, $parent_d, $mode, @x) = @{$f->[3]};
                chmod($mode & 01777, at($parent_d, $name)) or return ('error', "cannot set a folder's mode: $!");
                set_times(at($parent_d, $name), @x) or return ('error', "cannot set a folder's times: $!");
            }
            next;
        }
        my $name = shift @$list;
        my @stat = lstat(at($s, $name)) or return ('error', "cannot look at an entry: $!");
        my $mode = $stat[2];
        $total += S_ISREG($mode) && $stat[7] > 4096 ? int(($stat[7] + 4095) / 4096) * 4096 : 4096;
        return ('over', "the tree holds at least $total bytes") if $total > $budget;
        return ('over', "folders are nested deeper than $max_depth levels") if S_ISDIR($mode) && @stack >= $max_depth;
        next if $how eq 'measure' && !S_ISDIR($mode);
        my @x = $how eq 'measure' ? () : stx(at($s, $name));
        my @there = $how eq 'sync' ? lstat(at($d, $name)) : ();
        if ($how eq 'sync' && @there) {
            if (S_ISDIR($mode) && S_ISDIR($there[2])) {
                # A folder in both: made what it is below.
            } elsif (!S_ISDIR($mode) && !S_ISDIR($there[2]) && @x
                    && ($copied{$x[0]} // '') eq "$x[3]:$x[4]:$there[1]") {
                next;
            } else {
                my $e = remove($d, $name, $there[2]);
                return ('error', $e) if defined $e;
                @there = ();
            }
        }
        if (S_ISDIR($mode)) {
            sysopen(my $sub, at($s, $name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW) or return ('error', "cannot open a folder: $!");
            my $inside = names($sub) // return ('error', "cannot list a folder: $!");
            my $dsub;
            if (defined $d) {
                if (!@there) {
                    mkdir(at($d, $name), 0700) or return ('error', "cannot make a folder: $!");
                }
                sysopen($dsub, at($d, $name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW) or return ('error', "cannot open a folder: $!");
                if (@there) {
                    my $e = prune($dsub, $inside);
                    return ('error', $e) if defined $e;
                }
            }
            push @stack, [$sub, $dsub, $inside, [$name, $d, $mode, @x]];
            next;
        }
        if (S_ISLNK($mode)) {
            my $target = readlink(at($s, $name)) // return ('error', "cannot read a link: $!");
            symlink($target, at($d, $name)) or return ('error', "cannot make a link: $!");
            set_times(at($d, $name), @x);
        } elsif (S_ISFIFO($mode)) {
            POSIX::mkfifo(at($d, $name), 0600) or return ('error', "cannot make a FIFO: $!");
        } elsif (S_ISREG($mode)) {
            sysopen(my $in, at($s, $name), O_RDONLY | O_NOFOLLOW) or return ('error', "cannot open a file: $!");
            sysopen(my $out, at($d, $name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600)
                or return ('error', "cannot make a file: $!");
            my $left = $stat[7];
            while ($left > 0) {
                my $n = sysread($in, my $buf, $left < 1048576 ? $left : 1048576);
                return ('error', "cannot read a file: $!") unless defined $n;
                last if $n == 0;
                my $off = 0;
                while ($off < $n) {
                    my $w = syswrite($out, $buf, $n - $off, $off) // return ('error', "cannot write a file: $!");
                    $off += $w;
                }
                $left -= $n;
            }
            close($out) or return ('error', "cannot write a file: $!");
        } else {
            # Sockets and devices cannot be carried over (and devices cannot be made inside).
            next;
        }
        if (!S_ISLNK($mode)) {
            chmod($mode & 01777, at($d, $name)) or return ('error', "cannot set a mode: $!");
            set_times(at($d, $name), @x) or return ('error', "cannot set times: $!");
        }
        if ($how eq 'copy') {
            my @made = stx(at($d, $name)) or return ('error', "cannot look at a copy: $!");
            $copied{$made[0]} = "$made[3]:$made[4]:$stat[1]";
        }
    }
    return ('ok', $total);
}

# Removes the entries of open folder $dir that are not among @$keep.
sub prune {
    my ($dir, $keep) = @_;
    my %keep = map { $_ => 1 } @$keep;
    my $here = names($dir) // return "cannot list a folder: $!";
    for my $name (grep { !$keep{$_} } @$here) {
        my @stat = lstat(at($dir, $name)) or return "cannot look at an entry: $!";
        my $e = remove($dir, $name, $stat[2]);
        return $e if defined $e;
    }
    return undef;
}

# Removes entry $name of open folder $dir, a folder with all it holds.
sub remove {
    my ($dir, $name, $mode) = @_;
    if (S_ISDIR($mode)) {
        sysopen(my $sub, at($dir, $name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW) or return "cannot open a folder: $!";
        my $e = clear($sub);
        return $e if defined $e;
        rmdir(at($dir, $name)) or return "cannot remove a folder: $!";
    } else {
        unlink(at($dir, $name)) or return "cannot remove an entry: $!";
    }
    return undef;
}

# Removes everything below $dir, by descriptor.
sub clear {
    my ($dir) = @_;
    my $top = names($dir) // return "cannot list the tree: $!";
    my @stack = ([$dir, $top, undef, undef]);
    while (@stack) {
        my $f = $stack[-1];
        my ($h, $list) = @$f;
        if (!@$list) {
            pop @stack;
            if (defined $f->[2]) {
                rmdir(at($f->[3], $f->[2])) or return "cannot remove a folder: $!";
            }
            next;
        }
        my $name = shift @$list;
        my @stat = lstat(at($h, $name)) or return "cannot look at an entry: $!";
        if (S_ISDIR($stat[2])) {
            sysopen(my $sub, at($h, $name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW) or return "cannot open a folder: $!";
            my $inside = names($sub) // return "cannot list a folder: $!";
            push @stack, [$sub, $inside, $name, $h];
        } else {
            unlink(at($h, $name)) or return "cannot remove an entry: $!";
        }
    }
    return undef;
}

# The tree's own folder: its mode and times go with it.
sub root_mode {
    my ($from, $to) = @_;
    my ($f, $t) = ('/proc/self/fd/' . fileno($from) . '/.', '/proc/self/fd/' . fileno($to) . '/.');
    my @stat = stat($f);
    chmod($stat[2] & 01777, $t);
    set_times($t, stx($f));
}

my ($in, $why) = walk($host, $box, $tree_bytes, 'copy');
if ($in eq 'error') {
    fail("cannot copy the tree in: $why");
}
if ($in eq 'over' || full()) {
    report('over before the run: ', $in eq 'over' ? $why : 'the tree fills its file system');
    POSIX::_exit(0);
}
root_mode($host, $box);

# The sandbox writes its standard output and error into sockets, and the keeper copies what
# comes to its own (the runner's pipes). A pipe can be opened again through /proc/PID/fd by any
# process of its owner's uid that may look into the holder, and a runner that is not root owns
# its pipes as the same uid the whole sandbox runs as; a socket cannot be opened that way at all.
# Each: [descriptor in the sandbox, the keeper's end, the sandbox's end].
my @relay;
for my $n (1, 2) {
    socketpair(my $keep, my $give, AF_UNIX, SOCK_STREAM, PF_UNSPEC) or fail("cannot make the run's output: $!");
    # The sandbox reads nothing from its output but its end.
    shutdown($keep, 1) or fail("cannot make the run's output: $!");
    push @relay, [$n, $keep, $give];
}

# bubblewrap's end interrupts the wait between two looks.
$SIG{CHLD} = sub { };
my $pid = fork();
defined $pid or fail("cannot start bubblewrap: $!");
if ($pid == 0) {
    for my $r (@relay) {
        defined POSIX::dup2(fileno($r->[2]), $r->[0]) or POSIX::_exit(127);
    }
    { no warnings 'exec'; exec { $ARGV[0] } @ARGV; }
    POSIX::_exit(127);
}
close($_->[2]) for @relay;

# Copies what is waiting on one socket to the runner; false once the socket has ended.
sub relay {
    my ($r) = @_;
    my $got = sysread($r->[1], my $buf, 65536);
    return 1 if !defined $got && $!{EINTR};
    return 0 if !$got;
    my $to = $r->[0] == 1 ? \*STDOUT : \*STDERR;
    my $off = 0;
    while ($off < $got) {
        my $w = syswrite($to, $buf, $got - $off, $off);
        if (!defined $w) {
            next if $!{EINTR};
            fail("cannot pass the run's output on: $!");
        }
        $off += $w;
    }
    return 1;
}

# Looked at while the program runs: a file system filled by files without a name (held open,
# O_TMPFILE) empties when the sandbox ends, so only a look meanwhile sees it. The output is
# passed on until every process of the sandbox, and with them every writer, is gone.
my ($filled, $ended, $status, $look) = (0, 0, 0, 0);
my %open = map { fileno($_->[1]) => $_ } @relay;
while (!$ended || %open) {
    if (!$ended) {
        my $w = waitpid($pid, POSIX::WNOHANG());
        if ($w == $pid) {
            ($ended, $status) = (1, $?);
        } elsif ($w < 0) {
            fail("cannot wait for bubblewrap: $!");
        } elsif (!$filled && Time::HiRes::time() >= $look) {
            $look = Time::HiRes::time() + 0.05;
            if (full()) {
                $filled = 1;
                kill('KILL', $pid);
            }
        }
    }
    last if $ended && !%open;
    my $wanted = '';
    vec($wanted, $_, 1) = 1 for keys %open;
    my $ready = select(my $got = $wanted, undef, undef, $ended ? undef : 0.05);
    next if $ready <= 0;
    for my $fd (keys %open) {
        next unless vec($got, $fd, 1);
        delete $open{$fd} unless relay($open{$fd});
    }
}

if ($filled) {
    report('over while the program ran: the tree filled its file system');
} elsif (full()) {
    report('over after the run: the tree fills its file system');
} else {
    my ($r, $d) = walk($box, undef, $tree_bytes, 'measure');
    if ($r eq 'over') {
        report("over after the run: $d");
    } elsif ($r eq 'error') {
        report("error cannot look at the tree after the run: $d");
    } else {
        # Said first: a runner that kills the keeper from here on finds the tree half copied.
        report('copying back');
        ($r, $d) = walk($box, $host, $tree_bytes, 'sync');
        if ($r ne 'ok') {
            report("error cannot copy the tree back: $d");
        } else {
            root_mode($box, $host);
            report('copied');
        }
    }
}
POSIX::_exit(($status & 127) ? 128 + ($status & 127) : $status >> 8);
