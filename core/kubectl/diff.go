package kubectl

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/kubectl/apply"
	"github.com/kubeplay/kubeplay/core/kubectl/unidiff"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// This file is `kubectl diff -f FILE` (staging/src/k8s.io/kubectl/pkg/cmd/
// diff/diff.go). Upstream writes the live and the would-be-applied version
// of each object as YAML into two temporary directories, LIVE-<n> and
// MERGED-<n>, and runs `diff -u -N LIVE-<n> MERGED-<n>` (KUBECTL_EXTERNAL_DIFF
// unset), whose output and exit status it passes on. There is no diff
// program in the browser, so the directories stay in memory and
// core/kubectl/unidiff prints what GNU diff prints; the console shows that
// output and nothing more, as a terminal would.
//
//   - Client-side apply is what is diffed: core/kubectl/apply.Merged, a
//     server dry run (apiserver.Server.DryRun) of the create or of apply's
//     three-way patch. --server-side, --prune and -k are refused, as
//     apply refuses them here.
//   - The directories are /tmp/LIVE-<n> and /tmp/MERGED-<n>, <n> a uint32
//     in decimal as os.MkdirTemp names them, drawn from the cluster's
//     seeded source (LIVE first), so a diff replays with the seed. Both
//     files of an object are dated by the virtual clock.
//   - Exit status: 0 no differences, 1 differences (nothing printed on
//     stderr), >1 an error: cmdutil.CheckDiffErr prints it as CheckErr does
//     and exits with its code plus one.
//   - The objects carry no managedFields here, so --show-managed-fields
//     changes nothing; Secrets are not a kind of the playground, so the
//     Masker has nothing to mask.

func init() {
	// NewCmdDiff's Use, diffLong and diffExample, as the templater
	// normalises them (see helpText).
	helpTexts["kubectl diff"] = helpText{
		long: "Diff configurations specified by file name or stdin between the current online configuration, and the configuration as it would be if applied.\n\n" +
			" The output is always YAML.\n\n" +
			" KUBECTL_EXTERNAL_DIFF environment variable can be used to select your own diff command. Users can use external commands with params too, example: KUBECTL_EXTERNAL_DIFF=\"colordiff -N -u\"\n\n" +
			" By default, the \"diff\" command available in your path will be run with the \"-u\" (unified diff) and \"-N\" (treat absent files as empty) options.\n\n" +
			" Exit status: 0 No differences were found. 1 Differences were found. >1 Kubectl or diff failed with an error.\n\n" +
			" Note: KUBECTL_EXTERNAL_DIFF, if used, is expected to follow that convention.",
		example: "  # Diff resources included in pod.json\n" +
			"  kubectl diff -f pod.json\n" +
			"  \n" +
			"  # Diff file read from stdin\n" +
			"  cat service.yaml | kubectl diff -f -",
		use: "kubectl diff -f FILENAME",
	}
}

// diffTempDir is os.TempDir() on Linux without $TMPDIR.
const diffTempDir = "/tmp"

// runDiff is NewCmdDiff's Run: Complete, validateArgs, then Run, every
// error through CheckDiffErr.
func runDiff(e *env, c *command, fs *flagSet, args []string) error {
	return e.checkDiffErr(diffObjects(e, c, fs, args))
}

// diffObjects is DiffOptions.Complete, validateArgs and DiffOptions.Run.
func diffObjects(e *env, c *command, fs *flagSet, args []string) error {
	// Complete.
	if len(fs.strings("filename")) == 0 && fs.string("kustomize") == "" {
		return errors.New("must specify one of -f and -k")
	}
	if fs.bool("force-conflicts") && !fs.bool("server-side") {
		return errors.New("--force-conflicts only works with --server-side")
	}
	if fs.bool("server-side") {
		return errors.New("--server-side is not available in the playground")
	}
	if fs.bool("prune") {
		return errors.New("--prune is not available in the playground")
	}
	if len(args) != 0 { // validateArgs
		return usageErrorf(c, "Unexpected args: %v", args)
	}
	if fs.string("kustomize") != "" {
		return errors.New("-k is not available in the playground")
	}
	// Run: NewDiffer("LIVE", "MERGED") makes the directories first.
	live := unidiff.Dir{Path: tempDirName("LIVE", e), ModTime: e.cluster.Now(), Files: map[string]string{}}
	merged := unidiff.Dir{Path: tempDirName("MERGED", e), ModTime: live.ModTime, Files: map[string]string{}}
	infos, err := e.readFiles(fs.strings("filename"))
	if err != nil {
		return err
	}
	if s := fs.string("selector"); s != "" { // LabelSelectorParam
		sel, err := labels.Parse(s)
		if err != nil {
			return err
		}
		kept := infos[:0]
		for _, in := range infos {
			if sel.Matches(labels.Set(in.obj.GetObjectMeta().Labels)) {
				kept = append(kept, in)
			}
		}
		infos = kept
	}
	for _, in := range infos { // the visitor: Differ.Diff for each object
		e.touch(in.kind)
		v, err := apply.Merged(e.cluster.Server(), in.obj, in.manifest, in.namespace, in.source)
		if err != nil {
			return err
		}
		writeLines(e.errOut, v.Warnings...)
		name := diffObjectName(in)
		if v.Live != nil {
			if live.Files[name], err = printDiffObject(v.Live); err != nil {
				return err
			}
		}
		if merged.Files[name], err = printDiffObject(v.Merged); err != nil {
			return err
		}
	}
	if unidiff.Dirs(e.out, live, merged) == 1 { // Differ.Run: diff's status
		return &exitCodeError{code: 1}
	}
	return nil
}

// tempDirName is os.MkdirTemp("", prefix+"-")'s name. Its random part is
// a hash of the cluster's state (resourceVersion and time) and the prefix:
// reproducible, and drawn from nothing, so a diff changes nothing (real
// kubectl draws it from its own process's randomness).
func tempDirName(prefix string, e *env) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s %s %d", prefix, e.cluster.Server().ResourceVersion(), e.cluster.Now().UnixNano())
	return diffTempDir + "/" + prefix + "-" + strconv.FormatUint(uint64(h.Sum32()), 10)
}

// diffObjectName is InfoObject.Name: group.version.kind.namespace.name, the
// group and its dot left out for the core group ("v1.Service.default.web",
// "v1.Namespace..dev").
func diffObjectName(in *info) string {
	name := fmt.Sprintf("%s.%s.%s.%s", in.kind.Version, in.kind.Kind, in.namespace, in.name)
	if in.kind.Group != "" {
		name = in.kind.Group + "." + name
	}
	return name
}

// printDiffObject is diff's Printer.Print: the object as `kubectl get -o
// yaml` prints it (sigs.k8s.io/yaml), managedFields left out.
func printDiffObject(obj api.Object) (string, error) {
	b, err := manifest.EncodeYAML(obj)
	return string(b), err
}

// diffFlagError is NewCmdDiff's FlagErrorFunc: a usage error through
// CheckDiffErr, exit 2 (1 would mean "differences found").
func diffFlagError(c *command, err error) error {
	return (&env{}).checkDiffErr(usageErrorf(c, "%s", err))
}

// checkDiffErr is cmdutil.CheckDiffErr: the message CheckErr would print,
// with an exit code one higher, so that 1 keeps meaning "differences
// found". An exit code already chosen (diff's 1) passes through.
func (e *env) checkDiffErr(err error) error {
	var ec *exitCodeError
	if err == nil || errors.As(err, &ec) {
		return err
	}
	var b strings.Builder
	quiet := *e
	quiet.errOut = &b
	code := quiet.fail(err)
	return &exitCodeError{msg: b.String(), code: code + 1}
}
