package kubectl

import (
	"fmt"
	"strconv"
	"time"
)

// globalFlags are kubectl's persistent flags (genericclioptions.ConfigFlags,
// the profiling and klog flags, --warnings-as-errors). Only --namespace and
// --request-timeout mean something here; the rest are accepted so that
// command lines copied from a real cluster parse.
var globalFlags = []flagDef{
	{name: "namespace", shorthand: "n", kind: kindString},
	{name: "request-timeout", kind: kindString, def: "0"},
	{name: "kubeconfig", kind: kindString},
	{name: "context", kind: kindString},
	{name: "cluster", kind: kindString},
	{name: "user", kind: kindString},
	{name: "server", shorthand: "s", kind: kindString},
	{name: "token", kind: kindString},
	{name: "as", kind: kindString},
	{name: "as-group", kind: kindStringArray},
	{name: "as-uid", kind: kindString},
	{name: "certificate-authority", kind: kindString},
	{name: "client-certificate", kind: kindString},
	{name: "client-key", kind: kindString},
	{name: "insecure-skip-tls-verify", kind: kindBool},
	{name: "tls-server-name", kind: kindString},
	{name: "cache-dir", kind: kindString},
	{name: "match-server-version", kind: kindBool},
	{name: "disable-compression", kind: kindBool},
	{name: "profile", kind: kindString, def: "none"},
	{name: "profile-output", kind: kindString, def: "profile.pprof"},
	{name: "warnings-as-errors", kind: kindBool},
	{name: "v", shorthand: "v", kind: kindInt, def: "0"},
	{name: "vmodule", kind: kindString},
	{name: "log-flush-frequency", kind: kindDuration, def: "5s"},
	{name: "username", kind: kindString},
	{name: "password", kind: kindString},
}

// global applies the global flags (ConfigFlags.ToRawKubeConfigLoader's
// Namespace and the request timeout).
func (e *env) global(fs *flagSet) error {
	e.namespace = "default"
	if fs.changed("namespace") && fs.string("namespace") != "" {
		e.namespace, e.explicitNS = fs.string("namespace"), true
	}
	if t := fs.string("request-timeout"); t != "" && t != "0" {
		d, err := parseTimeout(t)
		if err != nil {
			return err
		}
		e.requestTimeout = int64(d / time.Second)
	}
	return nil
}

// parseTimeout reads --request-timeout: a whole number of seconds or a
// duration (clientcmd's timeout parsing).
func parseTimeout(s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)")
	}
	return d, nil
}

// Flag groups shared by many commands (cmdutil.AddFilenameOptionFlags,
// AddLabelSelectorFlagVar, printer and dry-run flags ...).
var (
	filenameFlags = []flagDef{
		{name: "filename", shorthand: "f", kind: kindStringSlice},
		{name: "recursive", shorthand: "R", kind: kindBool},
		{name: "kustomize", shorthand: "k", kind: kindString},
	}
	selectorFlag  = flagDef{name: "selector", shorthand: "l", kind: kindString}
	outputFlag    = flagDef{name: "output", shorthand: "o", kind: kindString}
	dryRunFlag    = flagDef{name: "dry-run", kind: kindString, def: "none", noOptDef: "unchanged"}
	allFlag       = flagDef{name: "all", kind: kindBool}
	allNSFlag     = flagDef{name: "all-namespaces", shorthand: "A", kind: kindBool}
	fieldSelFlag  = flagDef{name: "field-selector", kind: kindString}
	recordFlag    = flagDef{name: "record", kind: kindBool, deprecated: "--record will be removed in the future"}
	fieldMgrFlag  = flagDef{name: "field-manager", kind: kindString}
	validateFlag  = flagDef{name: "validate", kind: kindString, def: "strict", noOptDef: "strict"}
	templateFlags = []flagDef{
		{name: "template", kind: kindString},
		{name: "allow-missing-template-keys", kind: kindBool, def: "true"},
		{name: "show-managed-fields", kind: kindBool},
	}
	timeoutFlag = flagDef{name: "timeout", kind: kindDuration, def: "0s"}
)

func flags(groups ...any) []flagDef {
	var out []flagDef
	for _, g := range groups {
		switch g := g.(type) {
		case flagDef:
			out = append(out, g)
		case []flagDef:
			out = append(out, g...)
		}
	}
	return out
}

// newRootCommand builds kubectl's command tree, the commands added in
// NewKubectlCommand's order (pkg/cmd/cmd.go): the groups, then alpha,
// config, plugin, version, api-versions, api-resources, options, and cobra's
// help last. The order matters: "Did you mean this?" lists in it.
func newRootCommand() *command {
	root := &command{name: "kubectl", short: "kubectl controls the Kubernetes cluster manager.", run: runRootHelp}
	rollout := &command{name: "rollout", short: "Manage the rollout of a resource"}
	rollout.add(
		&command{name: "history", short: "View rollout history", run: runRolloutHistory,
			flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, flagDef{name: "revision", kind: kindInt64, def: "0"})},
		&command{name: "pause", short: "Mark the provided resource as paused", run: runRolloutPause,
			flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, fieldMgrFlag)},
		&command{name: "restart", short: "Restart a resource", run: runRolloutRestart,
			flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, fieldMgrFlag)},
		&command{name: "resume", short: "Resume a paused resource", run: runRolloutResume,
			flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, fieldMgrFlag)},
		&command{name: "status", short: "Show the status of the rollout", run: runRolloutStatus,
			flags: flags(filenameFlags, selectorFlag, timeoutFlag,
				flagDef{name: "watch", shorthand: "w", kind: kindBool, def: "true"},
				flagDef{name: "revision", kind: kindInt64, def: "0"})},
		&command{name: "undo", short: "Undo a previous rollout", run: runRolloutUndo,
			flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, dryRunFlag,
				flagDef{name: "to-revision", kind: kindInt64, def: "0"})},
	)
	set := &command{name: "set", short: "Set specific features on objects"}
	set.add(
		&command{name: "image", short: "Update the image of a pod template", run: runSetImage,
			flags: flags(filenameFlags, selectorFlag, allFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag,
				flagDef{name: "local", kind: kindBool})},
		&command{name: "resources", short: "Update resource requests/limits on objects with pod templates", run: runSetResources,
			flags: flags(filenameFlags, selectorFlag, allFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag,
				flagDef{name: "local", kind: kindBool},
				flagDef{name: "containers", shorthand: "c", kind: kindString, def: "*"},
				flagDef{name: "limits", kind: kindString},
				flagDef{name: "requests", kind: kindString})},
	)
	create := &command{name: "create", short: "Create a resource from a file or from stdin", run: runCreate,
		flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag, validateFlag,
			flagDef{name: "edit", kind: kindBool}, flagDef{name: "raw", kind: kindString},
			flagDef{name: "save-config", kind: kindBool}, flagDef{name: "windows-line-endings", kind: kindBool})}
	// Registered in name order, the order cobra lists them in.
	config := createConfigCommands()
	create.add(config[0])
	create.add(
		&command{name: "deployment", aliases: []string{"deploy"}, short: "Create a deployment with the specified name", run: runCreateDeployment,
			usage:    "kubectl create deployment NAME --image=image -- [COMMAND] [args...] [options]",
			required: []string{"image"},
			flags: flags(outputFlag, templateFlags, dryRunFlag, fieldMgrFlag, validateFlag,
				flagDef{name: "save-config", kind: kindBool},
				flagDef{name: "image", kind: kindStringSlice},
				flagDef{name: "replicas", shorthand: "r", kind: kindInt32, def: "1"},
				flagDef{name: "port", kind: kindInt32, def: "-1"})},
		&command{name: "namespace", aliases: []string{"ns"}, short: "Create a namespace with the specified name", run: runCreateNamespace,
			flags: flags(outputFlag, templateFlags, dryRunFlag, fieldMgrFlag, validateFlag, flagDef{name: "save-config", kind: kindBool})},
		config[1], config[2],
		// Upstream's other generators, for kinds the playground does not
		// serve or has no generator for (create -f makes any kind it serves).
		unavailable("clusterrole", "Create a cluster role"),
		unavailable("clusterrolebinding", "Create a cluster role binding for a particular cluster role"),
		unavailable("cronjob", "Create a cron job with the specified name"),
		unavailable("ingress", "Create an ingress with the specified name"),
		unavailable("job", "Create a job with the specified name"),
		unavailable("poddisruptionbudget", "Create a pod disruption budget with the specified name"),
		unavailable("priorityclass", "Create a priority class with the specified name"),
		unavailable("quota", "Create a quota with the specified name"),
		unavailable("role", "Create a role with single rule"),
		unavailable("rolebinding", "Create a role binding for a particular role or cluster role"),
		unavailable("service", "Create a service using a specified subcommand"),
		unavailable("token", "Request a service account token"),
	)

	nodeFlags := flags(selectorFlag, dryRunFlag)
	root.add(
		// Basic Commands (Beginner)
		create,
		&command{name: "expose", short: "Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service", run: runExpose,
			flags: flags(filenameFlags, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag, validateFlag,
				flagDef{name: "port", kind: kindString}, flagDef{name: "target-port", kind: kindString},
				flagDef{name: "protocol", kind: kindString}, flagDef{name: "type", kind: kindString},
				flagDef{name: "name", kind: kindString}, flagDef{name: "selector", kind: kindString},
				flagDef{name: "labels", shorthand: "l", kind: kindString}, flagDef{name: "external-ip", kind: kindString},
				flagDef{name: "load-balancer-ip", kind: kindString}, flagDef{name: "session-affinity", kind: kindString},
				flagDef{name: "cluster-ip", kind: kindString}, flagDef{name: "overrides", kind: kindString},
				flagDef{name: "override-type", kind: kindString, def: "merge"})},
		&command{name: "run", short: "Run a particular image on the cluster", run: runRun,
			usage: "kubectl run NAME --image=image [--env=\"key=value\"] [--port=port] [--dry-run=server|client] [--overrides=inline-json] [--command] -- [COMMAND] [args...] [options]",
			flags: flags(outputFlag, templateFlags, dryRunFlag, fieldMgrFlag,
				flagDef{name: "image", kind: kindString},
				flagDef{name: "image-pull-policy", kind: kindString},
				flagDef{name: "env", kind: kindStringArray},
				flagDef{name: "port", kind: kindString},
				flagDef{name: "labels", shorthand: "l", kind: kindString},
				flagDef{name: "restart", kind: kindString},
				flagDef{name: "command", kind: kindBool},
				flagDef{name: "stdin", shorthand: "i", kind: kindBool},
				flagDef{name: "tty", shorthand: "t", kind: kindBool},
				flagDef{name: "attach", kind: kindBool},
				flagDef{name: "rm", kind: kindBool})},
		set,
		// Basic Commands (Intermediate)
		unavailable("explain", "Get documentation for a resource"),
		&command{name: "get", short: "Display one or many resources", run: runGet, suggestFor: []string{"list", "ps"},
			flags: flags(filenameFlags, selectorFlag, outputFlag, templateFlags, allNSFlag, fieldSelFlag,
				flagDef{name: "raw", kind: kindString},
				flagDef{name: "watch", shorthand: "w", kind: kindBool},
				flagDef{name: "watch-only", kind: kindBool},
				flagDef{name: "output-watch-events", kind: kindBool},
				flagDef{name: "ignore-not-found", kind: kindBool},
				flagDef{name: "server-print", kind: kindBool, def: "true"},
				flagDef{name: "chunk-size", kind: kindInt64, def: "500"},
				flagDef{name: "subresource", kind: kindString},
				flagDef{name: "show-kind", kind: kindBool},
				flagDef{name: "show-labels", kind: kindBool},
				flagDef{name: "sort-by", kind: kindString},
				flagDef{name: "label-columns", shorthand: "L", kind: kindStringSlice},
				flagDef{name: "no-headers", kind: kindBool})},
		unavailable("edit", "Edit a resource on the server"),
		&command{name: "delete", short: "Delete resources by file names, stdin, resources and names, or by resources and label selector", run: runDelete,
			flags: flags(filenameFlags, selectorFlag, allFlag, allNSFlag, fieldSelFlag, outputFlag, dryRunFlag, timeoutFlag,
				flagDef{name: "cascade", kind: kindString, def: "background", noOptDef: "background"},
				flagDef{name: "grace-period", kind: kindInt, def: "-1"},
				flagDef{name: "now", kind: kindBool},
				flagDef{name: "force", kind: kindBool},
				flagDef{name: "wait", kind: kindBool, def: "true"},
				flagDef{name: "ignore-not-found", kind: kindBool},
				flagDef{name: "interactive", shorthand: "i", kind: kindBool},
				flagDef{name: "raw", kind: kindString})},
		// Deploy Commands
		rollout,
		&command{name: "scale", short: "Set a new size for a deployment, replica set, or replication controller", run: runScale,
			required: []string{"replicas"},
			flags: flags(filenameFlags, selectorFlag, allFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, timeoutFlag,
				flagDef{name: "resource-version", kind: kindString},
				flagDef{name: "current-replicas", kind: kindInt, def: "-1"},
				flagDef{name: "replicas", kind: kindInt, def: "-1"})},
		autoscaleCommand(),
		// Cluster Management Commands
		unavailable("certificate", "Modify certificate resources"),
		clusterInfoCommand(),
		topCommand(),
		&command{name: "cordon", short: "Mark node as unschedulable", run: runCordon, flags: nodeFlags},
		&command{name: "uncordon", short: "Mark node as schedulable", run: runUncordon, flags: nodeFlags},
		&command{name: "drain", short: "Drain node in preparation for maintenance", run: runDrain,
			flags: flags(selectorFlag, dryRunFlag, timeoutFlag,
				flagDef{name: "force", kind: kindBool},
				flagDef{name: "ignore-daemonsets", kind: kindBool},
				flagDef{name: "delete-emptydir-data", kind: kindBool},
				flagDef{name: "delete-local-data", kind: kindBool, deprecated: "This option is deprecated and will be deleted. Use --delete-emptydir-data."},
				flagDef{name: "grace-period", kind: kindInt, def: "-1"},
				flagDef{name: "pod-selector", kind: kindString},
				flagDef{name: "disable-eviction", kind: kindBool},
				flagDef{name: "skip-wait-for-delete-timeout", kind: kindInt, def: "0"},
				flagDef{name: "chunk-size", kind: kindInt64, def: "500"})},
		taintCommand(),
		// Troubleshooting and Debugging Commands
		&command{name: "describe", short: "Show details of a specific resource or group of resources", run: runDescribe,
			flags: flags(filenameFlags, selectorFlag, allNSFlag,
				flagDef{name: "show-events", kind: kindBool, def: "true"},
				flagDef{name: "chunk-size", kind: kindInt64, def: "500"})},
		logsCommand(),
		unavailable("attach", "Attach to a running container"),
		&command{name: "exec", short: "Execute a command in a container", run: runExec,
			usage: "kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]",
			flags: flags(
				flagDef{name: "container", shorthand: "c", kind: kindString},
				flagDef{name: "filename", shorthand: "f", kind: kindStringSlice},
				flagDef{name: "stdin", shorthand: "i", kind: kindBool},
				flagDef{name: "tty", shorthand: "t", kind: kindBool},
				flagDef{name: "quiet", shorthand: "q", kind: kindBool},
				flagDef{name: "pod-running-timeout", kind: kindDuration, def: "1m0s"})},
		unavailable("port-forward", "Forward one or more local ports to a pod"),
		unavailable("proxy", "Run a proxy to the Kubernetes API server"),
		unavailable("cp", "Copy files and directories to and from containers"),
		unavailable("auth", "Inspect authorization"),
		unavailable("debug", "Create debugging sessions for troubleshooting workloads and nodes"),
		eventsCommand(),
		// Advanced Commands
		&command{name: "diff", short: "Diff the live version against a would-be applied version", run: runDiff,
			flagError: diffFlagError,
			flags: flags(filenameFlags, selectorFlag,
				flagDef{name: "field-manager", kind: kindString, def: "kubectl-client-side-apply"},
				flagDef{name: "server-side", kind: kindBool},
				flagDef{name: "force-conflicts", kind: kindBool},
				flagDef{name: "prune", kind: kindBool},
				flagDef{name: "prune-allowlist", kind: kindStringArray},
				flagDef{name: "show-managed-fields", kind: kindBool},
				flagDef{name: "concurrency", kind: kindInt, def: "1"})},
		&command{name: "apply", short: "Apply a configuration to a resource by file name or stdin", run: runApply,
			flags: flags(filenameFlags, selectorFlag, allFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, validateFlag, timeoutFlag,
				flagDef{name: "field-manager", kind: kindString, def: "kubectl-client-side-apply"},
				flagDef{name: "force", kind: kindBool},
				flagDef{name: "grace-period", kind: kindInt, def: "-1"},
				flagDef{name: "overwrite", kind: kindBool, def: "true"},
				flagDef{name: "prune", kind: kindBool},
				flagDef{name: "prune-allowlist", kind: kindStringArray},
				flagDef{name: "server-side", kind: kindBool},
				flagDef{name: "force-conflicts", kind: kindBool},
				flagDef{name: "openapi-patch", kind: kindBool, def: "true"},
				flagDef{name: "cascade", kind: kindString, def: "background", noOptDef: "background"},
				flagDef{name: "wait", kind: kindBool})},
		&command{name: "patch", short: "Update fields of a resource", run: runPatch,
			flags: flags(filenameFlags, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag,
				flagDef{name: "patch", shorthand: "p", kind: kindString},
				flagDef{name: "patch-file", kind: kindString},
				flagDef{name: "type", kind: kindString, def: "strategic"},
				flagDef{name: "local", kind: kindBool},
				flagDef{name: "subresource", kind: kindString})},
		&command{name: "replace", short: "Replace a resource by file name or stdin", run: runReplace,
			flags: flags(filenameFlags, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag, validateFlag, timeoutFlag,
				flagDef{name: "force", kind: kindBool},
				flagDef{name: "grace-period", kind: kindInt, def: "-1"},
				flagDef{name: "cascade", kind: kindString, def: "background", noOptDef: "background"},
				flagDef{name: "wait", kind: kindBool},
				flagDef{name: "save-config", kind: kindBool},
				flagDef{name: "raw", kind: kindString},
				flagDef{name: "subresource", kind: kindString})},
		&command{name: "wait", short: "Experimental: Wait for a specific condition on one or many resources", run: runWait,
			flags: flags(filenameFlags, selectorFlag, allFlag, allNSFlag, fieldSelFlag, outputFlag, templateFlags,
				flagDef{name: "for", kind: kindString},
				flagDef{name: "timeout", kind: kindDuration, def: "30s"},
				flagDef{name: "local", kind: kindBool})},
		unavailable("kustomize", "Build a kustomization target from a directory or URL"),
		// Settings Commands
		&command{name: "label", short: "Update the labels on a resource", run: runLabel,
			flags: flags(filenameFlags, selectorFlag, allFlag, allNSFlag, fieldSelFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag,
				flagDef{name: "overwrite", kind: kindBool},
				flagDef{name: "list", kind: kindBool},
				flagDef{name: "local", kind: kindBool},
				flagDef{name: "resource-version", kind: kindString})},
		&command{name: "annotate", short: "Update the annotations on a resource", run: runAnnotate,
			flags: flags(filenameFlags, selectorFlag, allFlag, allNSFlag, fieldSelFlag, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag,
				flagDef{name: "overwrite", kind: kindBool},
				flagDef{name: "list", kind: kindBool},
				flagDef{name: "local", kind: kindBool},
				flagDef{name: "resource-version", kind: kindString})},
		unavailable("completion", "Output shell completion code for the specified shell (bash, zsh, fish, or powershell)"),
		// Added after the groups.
		unavailable("alpha", "Commands for features in alpha"),
		unavailable("config", "Modify kubeconfig files"),
		unavailable("plugin", "Provides utilities for interacting with plugins"),
		&command{name: "version", short: "Print the client and server version information", run: runVersion,
			flags: flags(outputFlag, flagDef{name: "client", kind: kindBool})},
		&command{name: "api-versions", short: "Print the supported API versions on the server, in the form of \"group/version\"", run: runAPIVersions},
		&command{name: "api-resources", short: "Print the supported API resources on the server", run: runAPIResources,
			flags: flags(outputFlag,
				flagDef{name: "api-group", kind: kindString},
				flagDef{name: "cached", kind: kindBool},
				flagDef{name: "categories", kind: kindStringSlice},
				flagDef{name: "namespaced", kind: kindBool, def: "true"},
				flagDef{name: "no-headers", kind: kindBool},
				flagDef{name: "sort-by", kind: kindString},
				flagDef{name: "verbs", kind: kindStringSlice})},
		unavailable("options", "Print the list of flags inherited by all commands"),
		&command{name: "help", short: "Help about any command", run: runHelpCommand},
	)
	return root
}

// unavailable is a kubectl command the playground does not simulate. It
// parses (so its name is no "unknown command") and says so.
func unavailable(name, short string) *command {
	return &command{name: name, short: short, unavailable: true, run: func(e *env, c *command, fs *flagSet, args []string) error {
		return fmt.Errorf("%q is not available in the playground", c.path())
	}}
}

// runRootHelp is `kubectl` alone: the help, exit 0 (runHelp).
func runRootHelp(e *env, c *command, fs *flagSet, args []string) error {
	e.help(c)
	return nil
}
