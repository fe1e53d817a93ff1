package kubectl

import (
	"fmt"
	"io"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// controlPlaneHost is the REST config's Host: the API server's address
// and secure port, the ones the default/kubernetes Endpoints list.
var controlPlaneHost = "https://" + apiserver.APIServerAdvertiseAddress + ":" +
	strconv.Itoa(apiserver.KubernetesServiceTargetPort)

// clusterServiceSelector is the label cluster-info lists Services by.
const clusterServiceSelector = "kubernetes.io/cluster-service=true"

func init() {
	// NewCmdClusterInfo's longDescr (its two lines are one paragraph)
	// and clusterinfoExample, as the templater normalises them (see
	// helpText); its Use, "cluster-info", gets cobra's " [flags]".
	helpTexts["kubectl cluster-info"] = helpText{
		long: "Display addresses of the control plane and services with label kubernetes.io/cluster-service=true. To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.",
		example: "  # Print the address of the control plane and cluster services\n" +
			"  kubectl cluster-info",
	}
}

func clusterInfoCommand() *command {
	c := &command{name: "cluster-info", short: "Display cluster information", run: runClusterInfo}
	c.add(unavailable("dump", "Dump relevant information for debugging and diagnosis"))
	dump := c.children[0]
	dump.flags = flags(outputFlag, templateFlags, allNSFlag,
		flagDef{name: "namespaces", kind: kindStringSlice},
		flagDef{name: "output-directory", kind: kindString},
		flagDef{name: "pod-running-timeout", kind: kindDuration, def: "20s"})
	return c
}

// runClusterInfo is clusterinfo.go's ClusterInfoOptions.Run: the control
// plane's address, then each Service labelled
// kubernetes.io/cluster-service=true in the namespace (-n, else
// kube-system), then the hint about `cluster-info dump`, which is printed
// even when the list fails. Extra arguments are ignored, as cobra's
// legacyArgs does for a non-root command with subcommands.
//
// printService colours the name green and the address yellow with
// go-colortext, which writes its escape codes to the process's stdout
// unless TERM=dumb. The playground's console renders no escape codes, so
// it prints as a TERM=dumb terminal does: the same text, uncoloured.
func runClusterInfo(e *env, c *command, fs *flagSet, args []string) error {
	ns := "kube-system"
	if fs.changed("namespace") && fs.string("namespace") != "" {
		ns = fs.string("namespace")
	}
	sel, _ := labels.Parse(clusterServiceSelector)
	k := api.ServiceKind
	list, err := e.cluster.Server().List(k, ns, sel)
	if err == nil {
		printService(e.out, "Kubernetes control plane", controlPlaneHost)
		for _, obj := range list.Items {
			svc := obj.(*api.Service)
			name := svc.Labels["kubernetes.io/name"]
			if name == "" {
				name = svc.Name
			}
			printService(e.out, name, serviceLink(svc))
		}
	}
	io.WriteString(e.out, "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n")
	return err
}

// serviceLink is Run's address of a cluster Service: each port on its
// load balancer's first ingress ("http://IP:PORT ", the trailing space
// included), else its API server proxy path, named
// utilnet.JoinSchemeNamePort(scheme, name, first port's name) with https
// guessed from the port's name or number.
func serviceLink(svc *api.Service) string {
	if ing := svc.Status.LoadBalancer.Ingress; len(ing) > 0 {
		ip := ing[0].IP
		if ip == "" {
			ip = ing[0].Hostname
		}
		link := ""
		for _, p := range svc.Spec.Ports {
			link += "http://" + ip + ":" + strconv.Itoa(int(p.Port)) + " "
		}
		return link
	}
	name := svc.Name
	if len(svc.Spec.Ports) > 0 {
		p := svc.Spec.Ports[0]
		switch {
		case p.Name == "https" || p.Port == 443:
			name = "https:" + svc.Name + ":" + p.Name
		case p.Name != "":
			name = svc.Name + ":" + p.Name
		}
	}
	return controlPlaneHost + "/api/v1/namespaces/" + svc.Namespace + "/services/" + name + "/proxy"
}

// printService is clusterinfo.go's printService without the colours.
func printService(w io.Writer, name, link string) {
	fmt.Fprintf(w, "%s is running at %s\n", name, link)
}
