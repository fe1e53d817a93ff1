package kubectl

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
)

// This file models kubectl's help: the templater that
// templates.ActsAsRootCommand installs (staging/src/k8s.io/kubectl/pkg/
// util/templates: MainHelpTemplate, MainUsageTemplate, cmdGroupsString),
// the command groups of NewKubectlCommand (pkg/cmd/cmd.go), cobra's help
// command, and cmdutil.DefaultSubCommandRun. Commands the playground does
// not simulate are left out of the lists. The Options section (each
// flag's usage text) is not modelled.

// helpText is what the help shows of a command beyond its short
// description, as upstream's normalizers leave it.
type helpText struct {
	// long is templates.LongDesc(Long): heredoc, markdown rendered by
	// the ASCIIRenderer (each paragraph's lines joined with a leading
	// space, list items "  *  ", indented code blocks of eight spaces),
	// trimmed.
	long string
	// example is templates.Examples(Example): each line trimmed and
	// indented by two spaces.
	example string
	// use is the command's UseLine; [options] is added when missing.
	use string
	// namePadding is cobra's NamePadding for the listed subcommands: the
	// longest name of all upstream's subcommands, at least 11, when some
	// of them are not in the playground's tree.
	namePadding int
	// helpToStdout: DefaultSubCommandRun(streams.Out) rather than
	// streams.ErrOut.
	helpToStdout bool
}

var helpTexts = map[string]helpText{
	// NewKubectlCommand's Long ("Find more information at:" and the URL
	// are one paragraph, hence one line) and Use.
	"kubectl": {
		long: "kubectl controls the Kubernetes cluster manager.\n\n" +
			" Find more information at: https://kubernetes.io/docs/reference/kubectl/",
		use: "kubectl [flags]",
	},
	// cobra's default help command.
	"kubectl help": {
		long: "Help provides help for any command in the application.\n" +
			"Simply type kubectl help [path to command] for full details.",
		use: "kubectl help [command] [flags]",
	},
	// rollout.go: the Long's first line is tab-indented, so markdown
	// renders it as a code block, followed by a line of eight spaces.
	"kubectl rollout": {
		long: "Manage the rollout of one or many resources.\n" +
			"        \n" +
			" Valid resource types include:\n\n" +
			"  *  deployments\n" +
			"  *  daemonsets\n" +
			"  *  statefulsets",
		example: "  # Rollback to the previous deployment\n" +
			"  kubectl rollout undo deployment/abc\n" +
			"  \n" +
			"  # Check the rollout status of a daemonset\n" +
			"  kubectl rollout status daemonset/foo\n" +
			"  \n" +
			"  # Restart a deployment\n" +
			"  kubectl rollout restart deployment/abc\n" +
			"  \n" +
			"  # Restart deployments with the 'app=nginx' label\n" +
			"  kubectl rollout restart deployment --selector=app=nginx",
		use:          "kubectl rollout SUBCOMMAND",
		helpToStdout: true,
	},
	// set.go; its subcommands are env, image, resources, selector,
	// serviceaccount and subject.
	"kubectl set": {
		long: "Configure application resources.\n\n" +
			" These commands help you make changes to existing application resources.",
		use:         "kubectl set SUBCOMMAND",
		namePadding: len("serviceaccount"),
	},
	// create.go; its longest subcommand is poddisruptionbudget.
	"kubectl create": {
		long: "Create a resource from a file or from stdin.\n\n" +
			" JSON and YAML formats are accepted.",
		example: "  # Create a pod using the data in pod.json\n" +
			"  kubectl create -f ./pod.json\n" +
			"  \n" +
			"  # Create a pod based on the JSON passed into stdin\n" +
			"  cat pod.json | kubectl create -f -\n" +
			"  \n" +
			"  # Edit the data in registry.yaml in JSON then create the resource using the edited data\n" +
			"  kubectl create -f registry.yaml --edit -o json",
		use:         "kubectl create -f FILENAME",
		namePadding: len("poddisruptionbudget"),
	},
	// create_secret_docker.go. Its Long's fifth paragraph is indented one
	// tab less than the rest, so heredoc keeps a tab on the others and
	// markdown renders them as code blocks (the docker login line, a tab
	// deeper, keeps four spaces in its block), while that paragraph's two
	// lines are joined into one. Use is set with DisableFlagsInUseLine.
	"kubectl create secret docker-registry": {
		long: "Create a new secret for use with Docker registries.\n" +
			"        \n" +
			"        Dockercfg secrets are used to authenticate against Docker registries.\n" +
			"        \n" +
			"        When using the Docker command line to push images, you can authenticate to a given registry by running:\n" +
			"            '$ docker login DOCKER_REGISTRY_SERVER --username=DOCKER_USER --password=DOCKER_PASSWORD --email=DOCKER_EMAIL'.\n" +
			"        \n" +
			" That produces a ~/.dockercfg file that is used by subsequent 'docker push' and 'docker pull' commands to authenticate to the registry. The email address is optional.\n" +
			"\n" +
			"        When creating applications, you may have a Docker registry that requires authentication.  In order for the\n" +
			"        nodes to pull images on your behalf, they must have the credentials.  You can provide this information\n" +
			"        by creating a dockercfg secret and attaching it to your service account.",
		example: "  # If you don't already have a .dockercfg file, you can create a dockercfg secret directly by using:\n" +
			"  kubectl create secret docker-registry my-secret --docker-server=DOCKER_REGISTRY_SERVER --docker-username=DOCKER_USER --docker-password=DOCKER_PASSWORD --docker-email=DOCKER_EMAIL\n" +
			"  \n" +
			"  # Create a new secret named my-secret from ~/.docker/config.json\n" +
			"  kubectl create secret docker-registry my-secret --from-file=.dockerconfigjson=path/to/.docker/config.json",
		use: "kubectl create secret docker-registry NAME --docker-username=user --docker-password=password --docker-email=email " +
			"[--docker-server=string] [--from-file=[key=]source] [--dry-run=server|client|none]",
	},
}

// rootCommandGroups are NewKubectlCommand's templates.CommandGroups, in
// order; the other root commands are listed under "Other Commands:".
var rootCommandGroups = []struct {
	message string
	names   []string
}{
	{"Basic Commands (Beginner):", []string{"create", "expose", "run", "set"}},
	{"Basic Commands (Intermediate):", []string{"explain", "get", "edit", "delete"}},
	{"Deploy Commands:", []string{"rollout", "scale", "autoscale"}},
	{"Cluster Management Commands:", []string{"certificate", "cluster-info", "top", "cordon", "uncordon", "drain", "taint"}},
	{"Troubleshooting and Debugging Commands:", []string{"describe", "logs", "attach", "exec", "port-forward", "proxy", "cp", "auth", "debug", "events"}},
	{"Advanced Commands:", []string{"diff", "apply", "patch", "replace", "wait", "kustomize"}},
	{"Settings Commands:", []string{"label", "annotate", "completion"}},
}

// help prints a command's help to stdout (cobra's --help, runHelp).
func (e *env) help(c *command) { e.writeHelp(e.out, c) }

// writeHelp is the templater's HelpFunc: the long description (or the
// short one), then the usage.
func (e *env) writeHelp(w io.Writer, c *command) {
	h := helpTexts[c.path()]
	text := h.long
	if text == "" {
		text = c.short
	}
	io.WriteString(w, strings.TrimSpace(text)+usageString(c))
}

// usageString is MainUsageTemplate's sections: aliases, examples, the
// subcommands, the usage line and the two tips.
func usageString(c *command) string {
	h := helpTexts[c.path()]
	var b strings.Builder
	b.WriteString("\n\n")
	if len(c.aliases) > 0 {
		fmt.Fprintf(&b, "Aliases:\n%s\n\n", strings.Join(append([]string{c.name}, c.aliases...), ", "))
	}
	if h.example != "" {
		fmt.Fprintf(&b, "Examples:\n%s\n\n", strings.TrimRightFunc(h.example, unicode.IsSpace))
	}
	if groups := c.commandGroups(h.namePadding); groups != "" {
		b.WriteString(groups + "\n\n")
	}
	use := c.usage
	if use == "" {
		use = h.use
	}
	if use == "" {
		use = c.path() + " [flags]"
	}
	if !strings.Contains(use, "[options]") {
		use += " [options]"
	}
	fmt.Fprintf(&b, "Usage:\n  %s\n\n", use)
	if len(c.children) > 0 {
		fmt.Fprintf(&b, "Use \"%s <command> --help\" for more information about a given command.\n", c.path())
	}
	b.WriteString("Use \"kubectl options\" for a list of global command-line options (applies to all commands).\n")
	return b.String()
}

// commandGroups is cmdGroupsString: the root's groups and "Other
// Commands:", or any other command's "Available Commands:" sorted by name,
// each line "  NAME   SHORT" with the name padded to NamePadding (the
// longest sibling name, at least 11).
func (c *command) commandGroups(namePadding int) string {
	if len(c.children) == 0 {
		return ""
	}
	padding := max(11, namePadding)
	for _, ch := range c.children {
		padding = max(padding, len(ch.name))
	}
	type group struct {
		message string
		cmds    []*command
	}
	var groups []group
	if c.parent == nil {
		grouped := map[string]bool{}
		for _, g := range rootCommandGroups {
			var cmds []*command
			for _, name := range g.names {
				grouped[name] = true
				if ch := c.child(name); ch != nil {
					cmds = append(cmds, ch)
				}
			}
			groups = append(groups, group{g.message, cmds})
		}
		var other []*command
		for _, ch := range c.sortedChildren() {
			// "options" is filtered, and cobra's help command is never
			// an available command.
			if !grouped[ch.name] && ch.name != "options" && ch.name != "help" {
				other = append(other, ch)
			}
		}
		groups = append(groups, group{"Other Commands:", other})
	} else {
		groups = []group{{"Available Commands:", c.sortedChildren()}}
	}
	var out []string
	for _, g := range groups {
		lines := []string{g.message}
		for _, ch := range g.cmds {
			if !ch.unavailable {
				lines = append(lines, fmt.Sprintf("  %-*s   %s", padding, ch.name, ch.short))
			}
		}
		if len(lines) > 1 {
			out = append(out, strings.Join(lines, "\n"))
		}
	}
	return strings.Join(out, "\n\n")
}

// sortedChildren is cobra's Commands(): sorted by name.
func (c *command) sortedChildren() []*command {
	out := append([]*command{}, c.children...)
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// defaultSubCommandRun is cmdutil.DefaultSubCommandRun for commands that
// only group others (rollout, set, create without -f): extra words are an
// unknown command; otherwise the help goes to the stream the command
// names (stdout for rollout, stderr for set and create) and kubectl exits
// 1 without another word (ErrExit).
func defaultSubCommandRun(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) > 0 {
		return usageErrorf(c, "unknown command %q", strings.Join(args, " "))
	}
	w := e.errOut
	if helpTexts[c.path()].helpToStdout {
		w = e.out
	}
	e.writeHelp(w, c)
	return errExit
}

// runHelpCommand is cobra's help command: `kubectl help [command...]`
// prints that command's help; a first word that is no command is an
// unknown topic, answered with the root's usage. It exits 0 either way.
func runHelpCommand(e *env, c *command, fs *flagSet, args []string) error {
	root := c.root()
	target, rest := root.find(args)
	if target == root && len(rest) > 0 {
		fmt.Fprintf(e.out, "Unknown help topic %#q\n", rest)
		io.WriteString(e.out, usageString(root))
		return nil
	}
	e.help(target)
	return nil
}
