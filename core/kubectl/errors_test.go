package kubectl

import "testing"

// rolledOut is a session where the documentation's nginx-deployment has
// been applied and has finished rolling out.
func rolledOut(t *testing.T) *session {
	t.Helper()
	s := newSession(t, map[string]string{"nginx-deployment.yaml": nginxDeployment})
	if r := s.run("kubectl apply -f nginx-deployment.yaml"); r.ExitCode != 0 {
		t.Fatal(r.Output)
	}
	s.tick(5)
	return s
}

// The errors kubectl prints for command lines it refuses, with their exit
// codes. The texts are upstream's: cobra (unknown command, suggestions,
// required flags), pflag (flag errors) behind kubectl's FlagErrorFunc,
// cmdutil.CheckErr / UsageErrorf, the resource builder and each command.
func TestCommandLineErrors(t *testing.T) {
	s := rolledOut(t)
	runCases(t, s, []runCase{
		{"kubectl rollot", "", "error: unknown command \"rollot\" for \"kubectl\"\n\nDid you mean this?\n\trollout\n", 1},
		{"kubectl gte pods", "", "error: unknown command \"gte\" for \"kubectl\"\n\nDid you mean this?\n\tget\n", 1},
		{"kubectl list pods", "", "error: unknown command \"list\" for \"kubectl\"\n\nDid you mean this?\n\tget\n", 1},
		{"kubectl frobnicate", "", "error: unknown command \"frobnicate\" for \"kubectl\"\n", 1},
		{"kubectl -n default rollot", "", "Error: flags cannot be placed before plugin name: -n\n", 1},
		{"kubectl scale --replica=3 deploy/nginx-deployment", "", "error: unknown flag: --replica\nSee 'kubectl scale --help' for usage.\n", 1},
		// A command the playground does not simulate says so, whatever
		// flags it is given (they are not modelled).
		{"kubectl certificate approve csr-1 --force", "", "error: \"kubectl certificate\" is not available in the playground\n", 1},
		// kubectl autoscale is served: it validates as upstream.
		{"kubectl autoscale deploy/nginx-deployment --max=3 --min=4", "", "error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 3, min: 4\n", 1},
		{"kubectl autoscale deploy/nginx-deployment --max=3 --cpu=x%", "", "error: invalid percentage value: x\n", 1},
		{"kubectl create service clusterip web --tcp=80", "", "error: \"kubectl create service\" is not available in the playground\n", 1},
		// The commands that print what they changed have no tables.
		{"kubectl label deploy/nginx-deployment x=y -o wide", "", "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml\n", 1},
		{"kubectl scale deploy/nginx-deployment --replicas=2 -o custom-columns=N:.metadata.name", "", "error: unable to match a printer suitable for the output format \"custom-columns=N:.metadata.name\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml\n", 1},
		// One error gets "error: "; several (ContinueOnError's aggregate)
		// go through cmdutil.MultipleErrors, bare.
		{"kubectl scale deploy nginx-deployment --replicas=1 --current-replicas=7", "", "error: Expected replicas to be 7, was 3\n", 1},
		{"kubectl scale deploy/nginx-deployment deploy/nginx-deployment --replicas=1 --current-replicas=7", "", "Expected replicas to be 7, was 3\nExpected replicas to be 7, was 3\n", 1},
		// A create subcommand upstream does not have either.
		{"kubectl create widget x", "", "Error: must specify one of -f and -k\n\nerror: unknown command \"widget x\"\nSee 'kubectl create -h' for help and examples\n", 1},
		{"kubectl get pods -x", "", "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage.\n", 1},
		{"kubectl get pods -n", "", "error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage.\n", 1},
		{"kubectl rollout status deploy/nginx-deployment --timeout=soon", "", "error: invalid argument \"soon\" for \"--timeout\" flag: time: invalid duration \"soon\"\nSee 'kubectl rollout status --help' for usage.\n", 1},
		{"kubectl scale deploy/nginx-deployment", "", "error: required flag(s) \"replicas\" not set\n", 1},
		{"kubectl create deployment web", "", "error: required flag(s) \"image\" not set\n", 1},
		{"kubectl create deployment --image=nginx", "", "error: exactly one NAME is required, got 0\nSee 'kubectl create deployment -h' for help and examples\n", 1},
		// CreateDeploymentOptions.Run wraps the server's error; create
		// namespace does not.
		{"kubectl create deployment nginx-deployment --image=nginx", "", "error: failed to create deployment: deployments.apps \"nginx-deployment\" already exists\n", 1},
		{"kubectl create namespace default", "", "Error from server (AlreadyExists): namespaces \"default\" already exists\n", 1},
		{"kubectl get deploymnts", "", "error: the server doesn't have a resource type \"deploymnts\"\n", 1},
		{"kubectl get deploy x", "", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl get deploy x y", "", "Error from server (NotFound): deployments.apps \"x\" not found\nError from server (NotFound): deployments.apps \"y\" not found\n", 1},
		{"kubectl get deploy x --ignore-not-found", "", "", 0},
		// printGeneric: a single item that is missing is the error alone;
		// several names print what was found, then the errors.
		{"kubectl get deploy x -o yaml", "", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl get deploy x -o json", "", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl get deploy/x -o custom-columns=N:.metadata.name", "", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl get deploy x -o yaml --ignore-not-found", "", "", 0},
		{"kubectl get deploy -l app=nothing -o name --ignore-not-found", "", "", 0},
		{"kubectl get deploy nginx-deployment x -o name", "deployment.apps/nginx-deployment\n", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl get deploy x y -o yaml", "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n",
			"Error from server (NotFound): deployments.apps \"x\" not found\nError from server (NotFound): deployments.apps \"y\" not found\n", 1},
		{"kubectl sett image", "", "error: unknown command \"sett\" for \"kubectl\"\n\nDid you mean this?\n\tset\n\tget\n", 1},
		{"kubectl get", "", "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples\n", 1},
		{"kubectl describe", "", "error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n", 1},
		{"kubectl get deploy nginx-deployment -o yml2", "", "error: unable to match a printer suitable for the output format \"yml2\", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml\n", 1},
		{"kubectl get pods --show-labels -o name", "", "error: --show-labels option cannot be used with name printer\n", 1},
		{"kubectl get deploy web deploy/web", "", "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'\n", 1},
		{"kubectl get -n nowhere pods", "", "No resources found in nowhere namespace.\n", 0},
		{"kubectl delete", "", "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n", 1},
		{"kubectl delete deploy", "", "error: resource(s) were provided, but no name was specified\n", 1},
		{"kubectl delete deploy x", "", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl delete deploy x --ignore-not-found", "No resources found\n", "", 0},
		{"kubectl delete deploy -l app=nothing", "No resources found\n", "", 0},
		{"kubectl delete deploy nginx-deployment --cascade=sideways", "", "error: invalid cascade value (sideways). Must be \"background\", \"foreground\", or \"orphan\".\n", 1},
		{"kubectl delete deploy nginx-deployment --now --grace-period=5", "", "error: --now and --grace-period cannot be specified together\n", 1},
		{"kubectl apply", "", "error: must specify one of -f and -k\n", 1},
		{"kubectl apply -f missing.yaml", "", "error: the path \"missing.yaml\" does not exist\n", 1},
		// Every rollout subcommand's Validate: no resource, no file.
		{"kubectl rollout status", "", "error: required resource not specified\n", 1},
		{"kubectl rollout history", "", "error: required resource not specified\n", 1},
		{"kubectl rollout history --revision=-1", "", "error: required resource not specified\n", 1},
		{"kubectl rollout undo", "", "error: required resource not specified\n", 1},
		{"kubectl rollout pause", "", "error: required resource not specified\n", 1},
		{"kubectl rollout resume", "", "error: required resource not specified\n", 1},
		{"kubectl rollout restart -o bogus", "", "error: required resource not specified\n", 1},
		{"kubectl rollout status deploy/x", "", "Error from server (NotFound): deployments.apps \"x\" not found\n", 1},
		{"kubectl rollout statsu deploy/nginx-deployment", "", "error: unknown command \"statsu deploy/nginx-deployment\"\nSee 'kubectl rollout -h' for help and examples\n", 1},
		{"kubectl rollout history deploy/nginx-deployment --revision=7", "", "error: unable to find the specified revision\n", 1},
		{"kubectl rollout undo deploy/nginx-deployment --to-revision=7", "", "error: unable to find specified revision 7 in history\n", 1},
		{"kubectl rollout resume deploy/nginx-deployment", "", "error: deployments.apps \"nginx-deployment\" is not paused\n", 1},
		{"kubectl rollout status pod/x", "", "Error from server (NotFound): pods \"x\" not found\n", 1},
		{"kubectl set image deploy/nginx-deployment", "", "error: at least one image update is required\n", 1},
		{"kubectl set image nginx=nginx:1.16.1", "", "error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n", 1},
		{"kubectl set image deploy/nginx-deployment nginx=nginx:1.16.1 deploy/web", "", "error: all resources must be specified before image changes: deploy/web\n", 1},
		{"kubectl set image deploy/nginx-deployment web=nginx:1.16.1", "", "error: unable to find container named \"web\"\n", 1},
		{"kubectl set image deploy/nginx-deployment nginx=nginx:1.14.2", "", "", 0},
		{"kubectl scale deploy/nginx-deployment --replicas=-2", "", "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n", 1},
		{"kubectl scale deploy/nginx-deployment --replicas=2 --current-replicas=5", "", "error: Expected replicas to be 5, was 3\n", 1},
		{"kubectl patch deploy nginx-deployment", "", "error: must specify --patch or --patch-file containing the contents of the patch\n", 1},
		{"kubectl patch deploy nginx-deployment -p '{}' --type=yaml", "", "error: --type must be one of [json merge strategic], not \"yaml\"\n", 1},
		{"kubectl label deploy nginx-deployment", "", "error: at least one label update is required\n", 1},
		{"kubectl label deploy nginx-deployment app=web", "", "error: 'app' already has a value (nginx), and --overwrite is false\n", 1},
		{"kubectl annotate deploy nginx-deployment deployment.kubernetes.io/revision=9", "", "error: --overwrite is false but found the following declared annotation(s): 'deployment.kubernetes.io/revision' already has a value (1)\n", 1},
		{"kubectl cordon", "", "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n", 1},
		{"kubectl cordon node-9", "", "Error from server (NotFound): nodes \"node-9\" not found\n", 1},
		{"kubectl exec nginx-deployment", "", "error: you must specify at least one command for the container\n", 1},
		{"kubectl exec x -- env", "", "Error from server (NotFound): pods \"x\" not found\n", 1},
		{"kubectl wait deploy/nginx-deployment --for=ready", "", "error: unrecognized condition: \"ready\"\n", 1},
		{"kubectl wait deploy/nginx-deployment --for=condition=Progressing=False --timeout=3s", "", "error: timed out waiting for the condition on deployments/nginx-deployment\n", 1},
		{"kubectl wait deploy -l app=nothing --for=condition=Available", "", "error: no matching resources found\n", 1},
		{"kubectl get pods --request-timeout=abc", "", "error: invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n", 1},
		{"get pods", "", "bash: get: command not found\n", 127},
		{"kubectl get 'pods", "", "bash: unexpected EOF while looking for matching `''\n", 2},
	})
}

// runCase is one command line with what it must print and its exit code.
type runCase struct {
	line, stdout, stderr string
	code                 int
}

// runCases runs each line in s and compares stdout, stderr and exit code.
func runCases(t *testing.T, s *session, cases []runCase) {
	t.Helper()
	for _, tt := range cases {
		r := s.run(tt.line)
		if r.Stdout != tt.stdout || r.Stderr != tt.stderr || r.ExitCode != tt.code {
			t.Errorf("$ %s\nstdout %q\nstderr %q\nexit %d\nwant stdout %q\nstderr %q\nexit %d", tt.line, r.Stdout, r.Stderr, r.ExitCode, tt.stdout, tt.stderr, tt.code)
		}
	}
}
